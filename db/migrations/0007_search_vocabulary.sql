-- The words of the search index with how many tools hold each: misspelt query words are
-- corrected against it (db/queries/search.ts). A view over tools_fts, so it is never stale.
CREATE VIRTUAL TABLE `tools_vocab` USING fts5vocab('tools_fts', 'row');
