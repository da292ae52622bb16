CREATE TABLE `link_checks` (
	`tool_id` integer PRIMARY KEY NOT NULL,
	`url` text DEFAULT '' NOT NULL,
	`checked_at` text,
	`next_check_at` text NOT NULL,
	`status` integer,
	`final_url` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`error` text,
	FOREIGN KEY (`tool_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_checks_due_idx` ON `link_checks` (`next_check_at`);--> statement-breakpoint
ALTER TABLE `tools` ADD `site_flag` text;--> statement-breakpoint
-- A tool page warns when its site seems gone: a change of the flag draws a new content version (0005).
DROP TRIGGER `tools_content_update`;
--> statement-breakpoint
CREATE TRIGGER `tools_content_update` AFTER UPDATE OF id, slug, name, description, logo_url, website_url,
  affiliate_link, video_url, screenshots, pros_cons, faq, category_id, pricing_type, is_featured, is_verified,
  site_flag, avg_rating, review_count, submitted_by, created_at, updated_at ON `tools` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
