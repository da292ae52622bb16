DROP INDEX `tools_listing_idx`;--> statement-breakpoint
DROP INDEX `tools_search_idx`;--> statement-breakpoint
ALTER TABLE `tools` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `tools` ADD `rejection_reason` text;--> statement-breakpoint
CREATE INDEX `tools_moderation_idx` ON `tools` (`status`,`created_at`) WHERE "tools"."status" <> 'published';--> statement-breakpoint
CREATE INDEX `tools_listing_idx` ON `tools` (`is_featured`,`saves_count`,`id`,`status`);--> statement-breakpoint
CREATE INDEX `tools_search_idx` ON `tools` (`id`,`is_featured`,`category_id`,`pricing_type`,`status`);--> statement-breakpoint
-- Approving, rejecting or resubmitting a tool, and a save (its count shows on pages), change what
-- pages show: a new content version (0005).
DROP TRIGGER `tools_content_update`;
--> statement-breakpoint
CREATE TRIGGER `tools_content_update` AFTER UPDATE OF id, slug, name, description, logo_url, website_url,
  affiliate_link, video_url, screenshots, pros_cons, faq, category_id, pricing_type, is_featured, is_verified,
  site_flag, status, avg_rating, review_count, saves_count, submitted_by, created_at, updated_at ON `tools` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
