ALTER TABLE `reports` ADD `network` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `repeats` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_network_unique` ON `reports` (`tool_id`,`network`,`reason`) WHERE "reports"."status" = 'open' AND "reports"."network" <> '';--> statement-breakpoint
-- The search index, and so its vocabulary (tools_vocab) that corrects misspelt queries, holds
-- published tools only: words of pending or rejected tools must not leak through corrections.
DROP TRIGGER `tools_ai`;
--> statement-breakpoint
DROP TRIGGER `tools_au`;
--> statement-breakpoint
CREATE TRIGGER `tools_ai` AFTER INSERT ON `tools` WHEN new.status = 'published' BEGIN
  INSERT INTO tools_fts(rowid, name, description, category_name)
    VALUES (new.id, new.name, new.description, coalesce((SELECT name FROM categories WHERE id = new.category_id), ''));
  INSERT INTO tools_trigram(rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `tools_au` AFTER UPDATE OF name, description, category_id, status ON `tools` BEGIN
  DELETE FROM tools_fts WHERE rowid = old.id;
  DELETE FROM tools_trigram WHERE rowid = old.id;
  INSERT INTO tools_fts(rowid, name, description, category_name)
    SELECT new.id, new.name, new.description, coalesce((SELECT name FROM categories WHERE id = new.category_id), '')
    WHERE new.status = 'published';
  INSERT INTO tools_trigram(rowid, name) SELECT new.id, new.name WHERE new.status = 'published';
END;
--> statement-breakpoint
DELETE FROM tools_fts;
--> statement-breakpoint
DELETE FROM tools_trigram;
--> statement-breakpoint
INSERT INTO tools_fts(rowid, name, description, category_name)
  SELECT t.id, t.name, t.description, coalesce(c.name, '')
  FROM tools t LEFT JOIN categories c ON c.id = t.category_id WHERE t.status = 'published';
--> statement-breakpoint
INSERT INTO tools_trigram(rowid, name) SELECT id, name FROM tools WHERE status = 'published';
--> statement-breakpoint
INSERT INTO tools_fts(tools_fts) VALUES ('optimize');
