-- List search folds case, apostrophes and Uzbek Cyrillic→Latin (src/shared/search-fold.ts is the TypeScript twin;
-- keep the two equal). Trigram indexes on the folded cottage texts keep a search index-backed at any size.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dacha_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT replace(translate(replace(replace(replace(replace(replace(replace(replace(lower(translate($1, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЎҚҒҲ', 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяўқғҳ')), 'ш', 'sh'), 'щ', 'sh'), 'ч', 'ch'), 'ё', 'yo'), 'ю', 'yu'), 'я', 'ya'), 'ц', 'ts'), 'абвгдежзийклмнопрстуфхыэўқғҳ''`‘’ʻʼ´ъь', 'abvgdejziyklmnoprstufxieoqgh'), 'ye', 'e')
$$;--> statement-breakpoint
CREATE INDEX "cottage_name_fold_idx" ON "cottage" USING gin (dacha_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cottage_description_fold_idx" ON "cottage" USING gin (dacha_fold("description") gin_trgm_ops);
