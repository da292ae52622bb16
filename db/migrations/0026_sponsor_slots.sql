CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `payment_intent` text;
--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE `sponsor_placements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`category_id` integer,
	`name` text NOT NULL,
	`weekly_price_cents` integer NOT NULL,
	`capacity` integer DEFAULT 1 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sponsor_placements_kind_check" CHECK("sponsor_placements"."kind" in ('home_top', 'category_top', 'tool_sidebar', 'search_top', 'newsletter')),
	CONSTRAINT "sponsor_placements_category_check" CHECK(("sponsor_placements"."kind" = 'category_top') = ("sponsor_placements"."category_id" IS NOT NULL)),
	CONSTRAINT "sponsor_placements_price_check" CHECK("sponsor_placements"."weekly_price_cents" between 50 and 10000000),
	CONSTRAINT "sponsor_placements_capacity_check" CHECK("sponsor_placements"."capacity" between 1 and 10)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sponsor_placements_kind_category_unique` ON `sponsor_placements` (`kind`,coalesce(`category_id`, 0));
--> statement-breakpoint
CREATE TABLE `sponsor_bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`placement_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`tool_id` integer,
	`title` text,
	`body` text,
	`image_url` text,
	`url` text,
	`week_start` text NOT NULL,
	`seat` integer,
	`status` text NOT NULL,
	`session_id` text,
	`hold_until` text,
	`amount_cents` integer NOT NULL,
	`live` integer DEFAULT false NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`reject_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`placement_id`) REFERENCES `sponsor_placements`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tool_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sponsor_bookings_status_check" CHECK("sponsor_bookings"."status" in ('unpaid', 'pending', 'approved', 'rejected', 'expired', 'refund_due', 'refunded')),
	CONSTRAINT "sponsor_bookings_seat_check" CHECK("sponsor_bookings"."seat" IS NULL OR "sponsor_bookings"."seat" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sponsor_bookings_seat_unique` ON `sponsor_bookings` (`placement_id`,`week_start`,`seat`) WHERE "sponsor_bookings"."seat" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sponsor_bookings_session_idx` ON `sponsor_bookings` (`session_id`);
--> statement-breakpoint
CREATE INDEX `sponsor_bookings_user_idx` ON `sponsor_bookings` (`user_id`);
--> statement-breakpoint
CREATE INDEX `sponsor_bookings_week_idx` ON `sponsor_bookings` (`week_start`,`status`);
--> statement-breakpoint
CREATE TRIGGER `sponsor_bookings_seat_within_capacity_insert` BEFORE INSERT ON `sponsor_bookings`
WHEN NEW.`seat` IS NOT NULL AND NEW.`seat` > (SELECT `capacity` FROM `sponsor_placements` WHERE `id` = NEW.`placement_id`)
BEGIN SELECT RAISE(ABORT, 'sponsor placement full'); END;
--> statement-breakpoint
CREATE TRIGGER `sponsor_bookings_seat_within_capacity_update` BEFORE UPDATE OF `seat` ON `sponsor_bookings`
WHEN NEW.`seat` IS NOT NULL AND NEW.`seat` > (SELECT `capacity` FROM `sponsor_placements` WHERE `id` = NEW.`placement_id`)
BEGIN SELECT RAISE(ABORT, 'sponsor placement full'); END;
