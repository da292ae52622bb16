-- The search index also holds each tool's tags, pricing type and pros/cons, so attribute words
-- ("chrome extension", "no code", "free trial") find the tools that carry them. Columns keep
-- name, description and category_name first (bm25 weights are positional, db/queries/tools.ts).
-- Every trigger rewrites a tool's whole row from the tables (DELETE then INSERT ... SELECT), so an
-- incremental change and a rebuild from the data give the same index; published tools only.
DROP TABLE `tools_vocab`;
--> statement-breakpoint
DROP TRIGGER `tools_ai`;
--> statement-breakpoint
DROP TRIGGER `tools_au`;
--> statement-breakpoint
DROP TRIGGER `tools_ad`;
--> statement-breakpoint
DROP TRIGGER `categories_au`;
--> statement-breakpoint
DROP TRIGGER `categories_ad`;
--> statement-breakpoint
DROP TABLE `tools_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `tools_fts` USING fts5(name, description, category_name, tags, pricing, pros_cons, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE VIRTUAL TABLE `tools_vocab` USING fts5vocab('tools_fts', 'row');
--> statement-breakpoint
-- One view of a tool's indexed document: the triggers and the rebuild below read it alike.
CREATE VIEW `tools_search_document` AS
  SELECT t.id AS id, t.name AS name, t.description AS description, coalesce(c.name, '') AS category_name,
    coalesce((SELECT group_concat(g.name, ' ') FROM tool_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.tool_id = t.id), '') AS tags,
    t.pricing_type AS pricing,
    CASE WHEN json_valid(t.pros_cons) THEN coalesce((SELECT group_concat(p.value, ' ') FROM json_each(t.pros_cons, '$.pros') p), '')
      || ' ' || coalesce((SELECT group_concat(n.value, ' ') FROM json_each(t.pros_cons, '$.cons') n), '') ELSE '' END AS pros_cons
  FROM tools t LEFT JOIN categories c ON c.id = t.category_id WHERE t.status = 'published';
--> statement-breakpoint
CREATE TRIGGER `tools_ai` AFTER INSERT ON `tools` WHEN new.status = 'published' BEGIN
  INSERT INTO tools_fts(rowid, name, description, category_name, tags, pricing, pros_cons)
    SELECT id, name, description, category_name, tags, pricing, pros_cons FROM tools_search_document WHERE id = new.id;
  INSERT INTO tools_trigram(rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `tools_au` AFTER UPDATE OF name, description, category_id, status, pricing_type, pros_cons ON `tools` BEGIN
  DELETE FROM tools_fts WHERE rowid = old.id;
  DELETE FROM tools_trigram WHERE rowid = old.id;
  INSERT INTO tools_fts(rowid, name, description, category_name, tags, pricing, pros_cons)
    SELECT id, name, description, category_name, tags, pricing, pros_cons FROM tools_search_document WHERE id = new.id;
  INSERT INTO tools_trigram(rowid, name) SELECT new.id, new.name WHERE new.status = 'published';
END;
--> statement-breakpoint
CREATE TRIGGER `tools_ad` AFTER DELETE ON `tools` BEGIN
  DELETE FROM tools_fts WHERE rowid = old.id;
  DELETE FROM tools_trigram WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_au` AFTER UPDATE OF name ON `categories` BEGIN
  UPDATE tools_fts SET category_name = new.name WHERE rowid IN (SELECT id FROM tools WHERE category_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `categories_ad` AFTER DELETE ON `categories` BEGIN
  UPDATE tools_fts SET category_name = '' WHERE rowid IN (SELECT id FROM tools WHERE category_id = old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `tool_tags_search_insert` AFTER INSERT ON `tool_tags` BEGIN
  UPDATE tools_fts SET tags = (SELECT tags FROM tools_search_document WHERE id = new.tool_id) WHERE rowid = new.tool_id;
END;
--> statement-breakpoint
CREATE TRIGGER `tool_tags_search_delete` AFTER DELETE ON `tool_tags` BEGIN
  UPDATE tools_fts SET tags = coalesce((SELECT tags FROM tools_search_document WHERE id = old.tool_id), '') WHERE rowid = old.tool_id;
END;
--> statement-breakpoint
CREATE TRIGGER `tags_search_update` AFTER UPDATE OF name ON `tags` BEGIN
  UPDATE tools_fts SET tags = coalesce((SELECT d.tags FROM tools_search_document d WHERE d.id = tools_fts.rowid), '')
    WHERE rowid IN (SELECT tool_id FROM tool_tags WHERE tag_id = new.id);
END;
--> statement-breakpoint
INSERT INTO tools_fts(rowid, name, description, category_name, tags, pricing, pros_cons)
  SELECT id, name, description, category_name, tags, pricing, pros_cons FROM tools_search_document;
--> statement-breakpoint
INSERT INTO tools_fts(tools_fts) VALUES ('optimize');
--> statement-breakpoint
-- The search box's suggestions read published tools by the start of their name, in name order:
-- one range of this index, whatever the number of tools (db/queries/suggest.ts).
CREATE INDEX `tools_name_prefix_idx` ON `tools` (`name` COLLATE NOCASE) WHERE `status` = 'published';
