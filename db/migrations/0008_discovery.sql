CREATE TABLE `comparisons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tool_a_id` integer NOT NULL,
	`tool_b_id` integer NOT NULL,
	`verdict_a` text DEFAULT '' NOT NULL,
	`verdict_b` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`tool_a_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tool_b_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "comparisons_order_check" CHECK("comparisons"."tool_a_id" < "comparisons"."tool_b_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comparisons_pair_unique` ON `comparisons` (`tool_a_id`,`tool_b_id`);--> statement-breakpoint
CREATE INDEX `comparisons_b_idx` ON `comparisons` (`tool_b_id`);--> statement-breakpoint
CREATE TABLE `slug_redirects` (
	`kind` text NOT NULL,
	`old_slug` text NOT NULL,
	`target_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`kind`, `old_slug`),
	CONSTRAINT "slug_redirects_kind_check" CHECK("slug_redirects"."kind" in ('tool', 'category', 'tag', 'article'))
);
--> statement-breakpoint
CREATE INDEX `slug_redirects_target_idx` ON `slug_redirects` (`kind`,`target_id`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_slug_unique` ON `tags` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_unique` ON `tags` (lower("name"));--> statement-breakpoint
CREATE TABLE `tool_tags` (
	`tool_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`tool_id`, `tag_id`),
	FOREIGN KEY (`tool_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tool_tags_tag_idx` ON `tool_tags` (`tag_id`,`tool_id`);--> statement-breakpoint
-- What pages show of tags, tool tags and comparisons is content: a write draws a new content version (0005).
CREATE TRIGGER `tags_content_insert` AFTER INSERT ON `tags` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `tags_content_update` AFTER UPDATE ON `tags` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `tags_content_delete` AFTER DELETE ON `tags` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `tool_tags_content_insert` AFTER INSERT ON `tool_tags` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `tool_tags_content_update` AFTER UPDATE ON `tool_tags` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `tool_tags_content_delete` AFTER DELETE ON `tool_tags` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `comparisons_content_insert` AFTER INSERT ON `comparisons` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `comparisons_content_update` AFTER UPDATE ON `comparisons` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `comparisons_content_delete` AFTER DELETE ON `comparisons` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
