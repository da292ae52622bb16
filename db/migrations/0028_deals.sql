CREATE TABLE `deals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tool_id` integer NOT NULL,
	`code` text,
	`url` text,
	`description` text NOT NULL,
	`ends_at` text NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`tool_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "deals_code_or_url_check" CHECK(("deals"."code" IS NULL) <> ("deals"."url" IS NULL)),
	CONSTRAINT "deals_code_check" CHECK("deals"."code" IS NULL OR length("deals"."code") between 1 and 64),
	CONSTRAINT "deals_description_check" CHECK(length("deals"."description") between 1 and 280)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deals_tool_unique` ON `deals` (`tool_id`);
--> statement-breakpoint
CREATE INDEX `deals_ends_idx` ON `deals` (`ends_at`);
