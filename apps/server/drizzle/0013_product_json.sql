ALTER TABLE "products" ADD COLUMN "shopper_json" text;--> statement-breakpoint
-- Hand-written below: the product as shoppers' replies show it, written once per product write
-- instead of once per read. catalogue_product_json is the expression the catalogue read per request
-- until now (product-json.test.ts holds it equal to toProduct for any row); a row trigger keeps the
-- column in step with every insert and update, in the writing transaction, whatever wrote it.
CREATE FUNCTION "catalogue_product_json"(p "products") RETURNS text LANGUAGE sql STABLE AS $$
SELECT (select row_to_json(j)::text from (select
      p.id as "_id", p.name as "name", p.title as "title", p.description as "description",
      trim_scale(p.price_paise::numeric / 100) as "price", p.discount as "discount",
      trim_scale((p.price_paise - floor(p.price_paise::numeric * least(100, greatest(0, p.discount)) / 100))::numeric / 100) as "salePrice", p.rating as "rating", p.num_reviews as "numReviews",
      p.count_in_stock as "countInStock", p.count_in_stock > 0 as "inStock",
      p.category as "category", p.sub_category as "subCategory", p.option as "option",
      p.sub_option as "subOption", p.brand as "brand", p.material as "material",
      p.sizes as "sizes", p.colours as "colours", i.images as "images",
      coalesce(i.main, i.images[1]) as "productImage", p.tags as "tags", p.sku as "sku",
      p.seller as "seller", p.made_in as "madeIn", p.is_featured as "isFeatured",
      i.created as "createdAt", to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt", i.created as "dateAdded"
    from (select case when k.plain then '/uploads/' || p.product_image else (case when nullif(p.product_image, '') ~* '^https?://' or left(nullif(p.product_image, ''), 1) = '/' then nullif(p.product_image, '')
    when nullif(p.product_image, '') ~ '^[A-Za-z0-9_.!~*''()/-]*$' then '/uploads/' || nullif(p.product_image, '')
    else '/uploads/' || (select string_agg(case when t.c ~ '^[A-Za-z0-9_.!~*''()/-]$' then t.c
        else regexp_replace(upper(encode(convert_to(t.c, 'UTF8'), 'hex')), '(..)', '%\1', 'g') end, '' order by t.o)
      from unnest(string_to_array(nullif(p.product_image, ''), null)) with ordinality t(c, o)) end) end as main,
    case when k.plain then (case when p.product_image is null or p.product_image = any(p.images)
      then case when cardinality(p.images) = 0 then '{}'::text[]
    else string_to_array('/uploads/' || array_to_string(p.images, ',/uploads/'), ',') end else array_prepend('/uploads/' || p.product_image, case when cardinality(p.images) = 0 then '{}'::text[]
    else string_to_array('/uploads/' || array_to_string(p.images, ',/uploads/'), ',') end) end)
    else (select case when m.main is not null and not (m.main = any(m.gallery))
      then array_prepend(m.main, m.gallery) else m.gallery end
    from (select (case when nullif(p.product_image, '') ~* '^https?://' or left(nullif(p.product_image, ''), 1) = '/' then nullif(p.product_image, '')
    when nullif(p.product_image, '') ~ '^[A-Za-z0-9_.!~*''()/-]*$' then '/uploads/' || nullif(p.product_image, '')
    else '/uploads/' || (select string_agg(case when t.c ~ '^[A-Za-z0-9_.!~*''()/-]$' then t.c
        else regexp_replace(upper(encode(convert_to(t.c, 'UTF8'), 'hex')), '(..)', '%\1', 'g') end, '' order by t.o)
      from unnest(string_to_array(nullif(p.product_image, ''), null)) with ordinality t(c, o)) end) as main,
      array(select (case when g.v ~* '^https?://' or left(g.v, 1) = '/' then g.v
    when g.v ~ '^[A-Za-z0-9_.!~*''()/-]*$' then '/uploads/' || g.v
    else '/uploads/' || (select string_agg(case when t.c ~ '^[A-Za-z0-9_.!~*''()/-]$' then t.c
        else regexp_replace(upper(encode(convert_to(t.c, 'UTF8'), 'hex')), '(..)', '%\1', 'g') end, '' order by t.o)
      from unnest(string_to_array(g.v, null)) with ordinality t(c, o)) end) from unnest(p.images) with ordinality g(v, o) order by g.o) as gallery) m) end as images, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created from (select coalesce(p.product_image, '') || ',' || array_to_string(p.images, ',') ~ '^[A-Za-z0-9_.!~*''()/,-]*$'
    and position(',/' in ',' || coalesce(p.product_image, '') || ',' || array_to_string(p.images, ',')) = 0 and p.product_image is distinct from ''
    and length(coalesce(p.product_image, '') || ',' || array_to_string(p.images, ',')) - length(replace(coalesce(p.product_image, '') || ',' || array_to_string(p.images, ','), ',', '')) = greatest(cardinality(p.images), 1) as plain offset 0) k) i) j)
$$;--> statement-breakpoint
CREATE FUNCTION "products_shopper_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.shopper_json := catalogue_product_json(NEW);
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_shopper_json" BEFORE INSERT OR UPDATE ON "products"
	FOR EACH ROW EXECUTE FUNCTION "products_shopper_json"();--> statement-breakpoint
-- The products there already (the row trigger writes it). Nothing catalogue_listing shows changes, so
-- its statement trigger, which would compare every old and new row, is off meanwhile.
ALTER TABLE "products" DISABLE TRIGGER "catalogue_listing_update";--> statement-breakpoint
UPDATE "products" SET "shopper_json" = NULL;--> statement-breakpoint
ALTER TABLE "products" ENABLE TRIGGER "catalogue_listing_update";
