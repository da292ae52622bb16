CREATE TABLE `write_budgets` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`used` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `tools` ADD `owner_featured` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `tools_one_owner_featured` ON `tools` (`submitted_by`) WHERE "tools"."is_featured" = 1 AND "tools"."owner_featured" = 1;