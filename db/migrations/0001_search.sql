-- Full-text search over tool name, description and category name, kept in sync by triggers.
CREATE VIRTUAL TABLE `tools_fts` USING fts5(name, description, category_name, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
-- Trigram index over names: the fallback that still finds a tool when the query is misspelt.
CREATE VIRTUAL TABLE `tools_trigram` USING fts5(name, tokenize = 'trigram');
--> statement-breakpoint
CREATE TRIGGER `tools_ai` AFTER INSERT ON `tools` BEGIN
  INSERT INTO tools_fts(rowid, name, description, category_name)
    VALUES (new.id, new.name, new.description, coalesce((SELECT name FROM categories WHERE id = new.category_id), ''));
  INSERT INTO tools_trigram(rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `tools_ad` AFTER DELETE ON `tools` BEGIN
  DELETE FROM tools_fts WHERE rowid = old.id;
  DELETE FROM tools_trigram WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `tools_au` AFTER UPDATE OF name, description, category_id ON `tools` BEGIN
  DELETE FROM tools_fts WHERE rowid = old.id;
  INSERT INTO tools_fts(rowid, name, description, category_name)
    VALUES (new.id, new.name, new.description, coalesce((SELECT name FROM categories WHERE id = new.category_id), ''));
  DELETE FROM tools_trigram WHERE rowid = old.id;
  INSERT INTO tools_trigram(rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `categories_au` AFTER UPDATE OF name ON `categories` BEGIN
  UPDATE tools_fts SET category_name = new.name
    WHERE rowid IN (SELECT id FROM tools WHERE category_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `categories_ad` AFTER DELETE ON `categories` BEGIN
  UPDATE tools_fts SET category_name = ''
    WHERE rowid IN (SELECT id FROM tools WHERE category_id = old.id);
END;
