CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tool_daily_stats` (
	`tool_id` integer NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`saves` integer DEFAULT 0 NOT NULL,
	`unsaves` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tool_id`, `day`),
	FOREIGN KEY (`tool_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tool_daily_stats_day_idx` ON `tool_daily_stats` (`day`);--> statement-breakpoint
CREATE TABLE `view_visitors` (
	`hash` integer PRIMARY KEY NOT NULL,
	`day` text NOT NULL
);
