CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`token_hash` text,
	`token_expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`confirmed_at` text,
	CONSTRAINT "newsletter_subscribers_status_check" CHECK("newsletter_subscribers"."status" in ('pending', 'confirmed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_token_unique` ON `newsletter_subscribers` (`token_hash`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_pending_idx` ON `newsletter_subscribers` (`token_expires_at`) WHERE "newsletter_subscribers"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `newsletter_issues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` integer,
	`week` text NOT NULL,
	`subject` text NOT NULL,
	`intro` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`scheduled_at` text,
	`cursor` integer DEFAULT 0 NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "newsletter_issues_status_check" CHECK("newsletter_issues"."status" in ('draft', 'scheduled', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_issues_number_unique` ON `newsletter_issues` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_issues_week_unique` ON `newsletter_issues` (`week`);--> statement-breakpoint
CREATE TABLE `mail_opt_ins` (
	`user_id` integer NOT NULL,
	`list` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `list`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `tools` ADD `featuring_reminder_for` text;
