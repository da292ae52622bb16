-- Slugs grouped by what comes before their trailing digits ("item-" for item-2 ... item-20000),
-- longest first: the largest numeric suffix of a base is one index seek (freeSlug in
-- db/queries/slugs.ts repeats these expressions exactly), however many items share the base.
-- An index on expressions, which drizzle-kit does not write correctly: hence here.
CREATE INDEX `tools_slug_suffix_idx` ON `tools` (rtrim(slug, '0123456789'), length(slug), slug);
--> statement-breakpoint
CREATE INDEX `articles_slug_suffix_idx` ON `articles` (rtrim(slug, '0123456789'), length(slug), slug);
--> statement-breakpoint
-- A tool that stops being featured no longer holds its owner's one featured slot, whoever
-- unfeatured it (the owner, an admin, a cancelled Pro plan, a CSV import).
CREATE TRIGGER `tools_unfeatured` AFTER UPDATE OF is_featured ON `tools`
WHEN new.is_featured = 0 AND new.owner_featured = 1 BEGIN
  UPDATE tools SET owner_featured = 0 WHERE id = new.id;
END;
--> statement-breakpoint
-- Each Pro member's featured tool (the newest, should there be several) takes the member's slot;
-- any other featured tool stays featured as an admin's choice.
UPDATE tools SET owner_featured = 1 WHERE id IN (
  SELECT max(t.id) FROM tools t JOIN users u ON u.id = t.submitted_by
  WHERE t.is_featured = 1 AND u.role = 'user' AND u.subscription_status = 'pro'
  GROUP BY t.submitted_by
);
--> statement-breakpoint
-- An all-digit slug shadows the /tool/{id} redirect: give it the prefix new slugs get.
UPDATE tools SET slug = 'tool-' || slug || CASE
    WHEN EXISTS (SELECT 1 FROM tools o WHERE o.slug = 'tool-' || tools.slug) THEN '-' || id ELSE '' END
  WHERE slug <> '' AND slug NOT GLOB '*[^0-9]*';
