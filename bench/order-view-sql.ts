// The service's order view, character for character, for the bench's baseline and floor: the order,
// its items with their customizations, its sale payments ($1, $2: type and excluded status) and its
// customer as JSON aggregates in one statement (src/domain/orders/order-view.ts).
export const ORDER_VIEW = `
  select "production"."orders".*,
    (select coalesce(json_agg(agg), '[]') from (
       select "oi"."order_item_id", "oi"."item_id", "oi"."name", "oi"."quantity", "oi"."unit_price", "oi"."line_total", "oi"."notes",
         (select coalesce(json_agg(agg), '[]') from (
            select "c"."template_id", "c"."option_id", "c"."name", "c"."price_delta" from "production"."order_item_customizations" as "c"
             where "c"."order_item_id" = "oi"."order_item_id" order by "c"."order_item_customization_id") as agg) as "customizations"
         from "production"."order_items" as "oi" where "oi"."order_id" = "production"."orders"."order_id"
        order by "oi"."position", "oi"."order_item_id") as agg) as "items",
    (select coalesce(json_agg(agg), '[]') from (
       select "t"."transaction_id", "t"."order_id", "t"."amount", "t"."currency", "t"."payment_method", "t"."provider", "t"."provider_transaction_id",
              "t"."captured_at", "t"."remaining_balance_after", "t"."order_status_after" from "production"."transactions" as "t"
        where "t"."order_id" = "production"."orders"."order_id" and "t"."transaction_type" = $1 and "t"."status" != $2
        order by "t"."transaction_id") as agg) as "payments",
    (select to_json(obj) from (
       select "cu"."customer_id", "cu"."name", "cu"."email", "cu"."phone" from "production"."customers" as "cu"
        where "cu"."customer_id" = "production"."orders"."customer_id") as obj) as "customer"
  from "production"."orders"`;
