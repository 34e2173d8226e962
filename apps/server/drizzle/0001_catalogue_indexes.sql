DROP INDEX "products_category_path_idx";--> statement-breakpoint
CREATE INDEX "products_related_idx" ON "products" USING btree ("category",("count_in_stock" > 0),"rating","id");--> statement-breakpoint
CREATE INDEX "products_category_path_idx" ON "products" USING btree (lower("category"),lower("sub_category"),lower("option"),lower("sub_option"));