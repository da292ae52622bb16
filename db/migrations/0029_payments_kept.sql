CREATE TABLE `__new_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`user_id` integer,
	`package_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`payment_intent` text,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`tool_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`tool_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_payments` (`id`, `session_id`, `user_id`, `package_id`, `amount_cents`, `currency`, `created_at`, `payment_intent`, `refunded_cents`, `tool_id`)
SELECT `id`, `session_id`, `user_id`, `package_id`, `amount_cents`, `currency`, `created_at`, `payment_intent`, `refunded_cents`, `tool_id` FROM `payments`;
--> statement-breakpoint
DROP TABLE `payments`;
--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_session_unique` ON `payments` (`session_id`);
--> statement-breakpoint
CREATE INDEX `payments_tool_idx` ON `payments` (`tool_id`) WHERE "payments"."tool_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`) WHERE "payments"."user_id" IS NOT NULL;
--> statement-breakpoint
-- A backup from before this rule may hold two unrefunded fast-track payments for one tool: the
-- later ones stay on record (and on the Revenue page, to be refunded there) without their tool,
-- so the rule below can hold.
UPDATE `payments` SET `tool_id` = NULL
WHERE `package_id` = 'fast_track' AND `refunded_cents` = 0 AND `tool_id` IS NOT NULL
  AND `id` > (SELECT min(`first`.`id`) FROM `payments` AS `first`
              WHERE `first`.`package_id` = 'fast_track' AND `first`.`refunded_cents` = 0
                AND `first`.`tool_id` = `payments`.`tool_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_fast_track_tool_unique` ON `payments` (`tool_id`) WHERE "payments"."package_id" = 'fast_track' AND "payments"."tool_id" IS NOT NULL AND "payments"."refunded_cents" = 0;
