-- Mark as Unpaid: a payment an admin recorded by hand was a mistake, so a paid order that has not
-- shipped goes back to awaiting payment (order-lifecycle.ts: Processing → Pending, admins only,
-- never when the money was taken online).
INSERT INTO "order_status_transitions" ("from_status", "to_status") VALUES ('Processing', 'Pending');
