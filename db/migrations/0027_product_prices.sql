CREATE TABLE `product_prices` (
	`product` text PRIMARY KEY NOT NULL,
	`price_cents` integer NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "product_prices_product_check" CHECK("product_prices"."product" in ('pro', 'fast_track')),
	CONSTRAINT "product_prices_price_check" CHECK("product_prices"."price_cents" between 50 and 10000000)
);
--> statement-breakpoint
INSERT INTO `product_prices` (`product`, `price_cents`) VALUES ('pro', 999), ('fast_track', 1900);
--> statement-breakpoint
ALTER TABLE `payments` ADD `tool_id` integer REFERENCES tools(id) ON DELETE set null;
--> statement-breakpoint
CREATE INDEX `payments_tool_idx` ON `payments` (`tool_id`) WHERE "payments"."tool_id" IS NOT NULL;
