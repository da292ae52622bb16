CREATE TABLE `open_checkouts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`session_id` text,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
