CREATE TABLE "ledger_days" (
	"school_item_code" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"course_code" text NOT NULL,
	"order_type" integer NOT NULL,
	"value_cents" bigint NOT NULL,
	"hours" numeric(14, 2) NOT NULL,
	"movements" integer NOT NULL,
	CONSTRAINT "ledger_days_school_item_code_day_kind_course_code_order_type_pk" PRIMARY KEY("school_item_code","day","kind","course_code","order_type")
);
--> statement-breakpoint
-- The ledger's daily rollup is kept by the database (docs/decisions.md "Maintained ledger
-- aggregates"): each INSERT statement on student_ledger adds its movements in one upsert, summed
-- per campus, Shanghai day, kind that counts (a reversal as the kind it reverses), course and the
-- order's type; an order whose type changes moves its movements between types.
CREATE OR REPLACE FUNCTION ledger_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_days AS d (school_item_code, day, kind, course_code, order_type, value_cents, hours, movements)
  SELECT m.school_item_code, (m.posted_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(r.kind, m.kind), m.course_code,
    coalesce(o.order_type, -1), sum(m.value_cents), sum(m.hours), count(*)
  FROM ledger_new_movements m
  LEFT JOIN orders o ON o.id = m.order_id
  LEFT JOIN student_ledger r ON r.id = m.reverses_id
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (school_item_code, day, kind, course_code, order_type) DO UPDATE
    SET value_cents = d.value_cents + excluded.value_cents, hours = d.hours + excluded.hours,
      movements = d.movements + excluded.movements;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_ledger_days AFTER INSERT ON student_ledger
  REFERENCING NEW TABLE AS ledger_new_movements FOR EACH STATEMENT EXECUTE FUNCTION ledger_days_add();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_days_retype() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_days AS d (school_item_code, day, kind, course_code, order_type, value_cents, hours, movements)
  SELECT m.school_item_code, (m.posted_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(r.kind, m.kind), m.course_code,
    t.order_type, t.sign * sum(m.value_cents), t.sign * sum(m.hours), t.sign * count(*)
  FROM student_ledger m
  LEFT JOIN student_ledger r ON r.id = m.reverses_id
  CROSS JOIN (VALUES (coalesce(OLD.order_type, -1), -1), (coalesce(NEW.order_type, -1), 1)) AS t(order_type, sign)
  -- A movement's item is always one of its order's (found through the items' index).
  WHERE m.order_item_id IN (SELECT oi.id FROM order_items oi WHERE oi.order_id = NEW.id) AND m.order_id = NEW.id
  GROUP BY 1, 2, 3, 4, 5, t.sign
  ON CONFLICT (school_item_code, day, kind, course_code, order_type) DO UPDATE
    SET value_cents = d.value_cents + excluded.value_cents, hours = d.hours + excluded.hours,
      movements = d.movements + excluded.movements;
  DELETE FROM ledger_days WHERE movements = 0 AND order_type = coalesce(OLD.order_type, -1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_ledger_days AFTER UPDATE OF order_type ON orders
  FOR EACH ROW WHEN (OLD.order_type IS DISTINCT FROM NEW.order_type) EXECUTE FUNCTION ledger_days_retype();
--> statement-breakpoint
-- The ledger is append-only (a correction is a reversal): nothing may change or remove a movement,
-- which is also what keeps ledger_days equal to the sums of the movements.
CREATE OR REPLACE FUNCTION student_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'student_ledger is append-only (% refused): post a reversal', TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_ledger_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON student_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION student_ledger_append_only();
--> statement-breakpoint
INSERT INTO ledger_days (school_item_code, day, kind, course_code, order_type, value_cents, hours, movements)
SELECT m.school_item_code, (m.posted_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(r.kind, m.kind), m.course_code,
  coalesce(o.order_type, -1), sum(m.value_cents), sum(m.hours), count(*)
FROM student_ledger m
LEFT JOIN orders o ON o.id = m.order_id
LEFT JOIN (SELECT x.id, x.kind FROM student_ledger x
  WHERE x.id IN (SELECT y.reverses_id FROM student_ledger y WHERE y.reverses_id IS NOT NULL)) r ON r.id = m.reverses_id
GROUP BY 1, 2, 3, 4, 5;
