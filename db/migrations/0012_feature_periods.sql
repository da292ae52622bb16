ALTER TABLE `tools` ADD `featured_until` text;--> statement-breakpoint
CREATE INDEX `tools_featured_until_idx` ON `tools` (`featured_until`) WHERE "tools"."featured_until" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `pro_until` text;--> statement-breakpoint
CREATE INDEX `users_pro_until_idx` ON `users` (`pro_until`) WHERE "users"."pro_until" IS NOT NULL;