CREATE TABLE `images` (
	`source_url` text PRIMARY KEY NOT NULL,
	`hash` text,
	`width` integer,
	`height` integer,
	`color` text,
	`widths` text DEFAULT '[]' NOT NULL,
	`original_bytes` integer,
	`stored_bytes` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`error` text,
	`fetched_at` text,
	`next_fetch_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `images_due_idx` ON `images` (`next_fetch_at`) WHERE "images"."next_fetch_at" IS NOT NULL;--> statement-breakpoint
-- Pages show the stored copy: a new or changed copy draws a new content version (0005).
CREATE TRIGGER `images_content_insert` AFTER INSERT ON `images` WHEN NEW.hash IS NOT NULL BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `images_content_update` AFTER UPDATE OF hash ON `images` WHEN NEW.hash IS NOT OLD.hash BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
