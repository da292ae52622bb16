-- Which database this is (kept by a backup and its restore, new for a new database) and which
-- state of its content: the build records both, so a server started on a database the live site
-- was not built from rebuilds it (api/site-builder.ts). Any write to what pages show draws a new
-- content version; saves and click counts are counters, not content, and leave it alone.
INSERT OR IGNORE INTO `site_state` (`key`, `value`) VALUES ('database_id', lower(hex(randomblob(16))));
--> statement-breakpoint
INSERT OR IGNORE INTO `site_state` (`key`, `value`) VALUES ('content_version', lower(hex(randomblob(8))));
--> statement-breakpoint
CREATE TRIGGER `tools_content_insert` AFTER INSERT ON `tools` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `tools_content_delete` AFTER DELETE ON `tools` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `tools_content_update` AFTER UPDATE OF id, slug, name, description, logo_url, website_url,
  affiliate_link, video_url, screenshots, pros_cons, faq, category_id, pricing_type, is_featured, avg_rating,
  review_count, submitted_by, created_at, updated_at ON `tools` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_content_insert` AFTER INSERT ON `categories` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_content_update` AFTER UPDATE ON `categories` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_content_delete` AFTER DELETE ON `categories` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `articles_content_insert` AFTER INSERT ON `articles` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `articles_content_update` AFTER UPDATE ON `articles` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `articles_content_delete` AFTER DELETE ON `articles` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_content_insert` AFTER INSERT ON `reviews` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_content_update` AFTER UPDATE ON `reviews` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_content_delete` AFTER DELETE ON `reviews` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
