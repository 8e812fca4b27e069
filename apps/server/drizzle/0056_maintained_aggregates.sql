CREATE TABLE "holding_months" (
	"scope" text NOT NULL,
	"month" date NOT NULL,
	"delta" integer NOT NULL,
	CONSTRAINT "holding_months_scope_month_pk" PRIMARY KEY("scope","month")
);
--> statement-breakpoint
CREATE TABLE "ledger_student_months" (
	"student_id" integer NOT NULL,
	"school_item_code" text NOT NULL,
	"month" date NOT NULL,
	"course_code" text NOT NULL,
	"value_cents" bigint NOT NULL,
	"hours" numeric(14, 2) NOT NULL,
	"consumes" integer NOT NULL,
	"consume_cents" bigint NOT NULL,
	"consume_hours" numeric(14, 2) NOT NULL,
	CONSTRAINT "ledger_student_months_student_id_school_item_code_month_course_code_pk" PRIMARY KEY("student_id","school_item_code","month","course_code")
);
--> statement-breakpoint
CREATE TABLE "ledger_teacher_days" (
	"school_item_code" text NOT NULL,
	"day" date NOT NULL,
	"teacher_code" text NOT NULL,
	"value_cents" bigint NOT NULL,
	"hours" numeric(14, 2) NOT NULL,
	"movements" integer NOT NULL,
	CONSTRAINT "ledger_teacher_days_school_item_code_day_teacher_code_pk" PRIMARY KEY("school_item_code","day","teacher_code")
);
--> statement-breakpoint
CREATE INDEX "ledger_student_months_consumers_idx" ON "ledger_student_months" USING btree ("month","school_item_code","student_id") WHERE "ledger_student_months"."consumes" > 0;--> statement-breakpoint
-- The monthly aggregates are kept by the database (docs/decisions.md "Monthly aggregates"), as
-- ledger_days is: each INSERT statement on student_ledger adds its movements in the same
-- transaction. The session setting bo.ledger_aggregates = 'off' lets a bulk load skip them and call
-- ledger_aggregates_fill() once at the end (the bulk seed; `aggregates:rebuild`).
--
-- holding_shift(students, sign) adds sign × the part the students take in holding_months: for each
-- student's balance per campus (scope the campus) and in all (scope '*'), +1 in the month it rises
-- above zero and −1 in the month it falls back to zero or below. A statement takes its students' part
-- out, adds its movements, and puts their part back. students null: every student.
CREATE FUNCTION holding_shift(ids integer[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH x AS (SELECT * FROM ledger_student_months %s),
    per AS (
      SELECT x.school_item_code AS scope, x.student_id, x.month, sum(x.value_cents) AS v FROM x
      GROUP BY x.school_item_code, x.student_id, x.month
      UNION ALL
      SELECT '*', x.student_id, x.month, sum(x.value_cents) FROM x GROUP BY x.student_id, x.month),
    cum AS (
      SELECT scope, month, v, sum(v) OVER (PARTITION BY scope, student_id ORDER BY month) AS bal FROM per),
    d AS (SELECT scope, month, sum((bal > 0)::int - (bal - v > 0)::int) AS delta FROM cum GROUP BY 1, 2)
    INSERT INTO holding_months AS h (scope, month, delta)
    SELECT scope, month, $2 * delta FROM d WHERE delta <> 0
    ON CONFLICT (scope, month) DO UPDATE SET delta = h.delta + excluded.delta
  $q$, CASE WHEN ids IS NULL THEN '' ELSE 'WHERE student_id = ANY($1)' END) USING ids, sign;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_aggregates_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  sid integer;
BEGIN
  IF coalesce(current_setting('bo.ledger_aggregates', true), '') = 'off' THEN RETURN NULL; END IF;
  SELECT array_agg(DISTINCT student_id ORDER BY student_id) INTO ids FROM ledger_new_movements;
  -- One statement at a time per student (in id order, so two never wait on each other): a second
  -- command for the student waits here until the first commits, and then takes out the part the
  -- first left (each statement below sees what is committed), not the part before it.
  FOREACH sid IN ARRAY ids LOOP
    PERFORM pg_advisory_xact_lock(55, sid);
  END LOOP;
  PERFORM holding_shift(ids, -1);
  INSERT INTO ledger_student_months AS s (student_id, school_item_code, month, course_code, value_cents, hours,
    consumes, consume_cents, consume_hours)
  SELECT m.student_id, m.school_item_code, date_trunc('month', m.posted_at AT TIME ZONE 'Asia/Shanghai')::date,
    m.course_code, sum(m.value_cents), sum(m.hours), count(*) FILTER (WHERE coalesce(r.kind, m.kind) = 'consume'),
    coalesce(sum(m.value_cents) FILTER (WHERE coalesce(r.kind, m.kind) = 'consume'), 0),
    coalesce(sum(m.hours) FILTER (WHERE coalesce(r.kind, m.kind) = 'consume'), 0)
  FROM ledger_new_movements m
  LEFT JOIN student_ledger r ON r.id = m.reverses_id
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (student_id, school_item_code, month, course_code) DO UPDATE
    SET value_cents = s.value_cents + excluded.value_cents, hours = s.hours + excluded.hours,
      consumes = s.consumes + excluded.consumes, consume_cents = s.consume_cents + excluded.consume_cents,
      consume_hours = s.consume_hours + excluded.consume_hours;
  PERFORM holding_shift(ids, 1);
  -- Consumption of signed lessons (and its reversals) by the teacher of the lesson.
  INSERT INTO ledger_teacher_days AS t (school_item_code, day, teacher_code, value_cents, hours, movements)
  SELECT m.school_item_code, (m.posted_at AT TIME ZONE 'Asia/Shanghai')::date, le.teacher_code,
    sum(m.value_cents), sum(m.hours), count(*)
  FROM ledger_new_movements m
  LEFT JOIN student_ledger r ON r.id = m.reverses_id
  JOIN teaching_attendances a ON a.id = coalesce(r.source_id, m.source_id)
  JOIN teaching_lessons le ON le.id = a.lesson_id
  WHERE coalesce(r.kind, m.kind) = 'consume' AND coalesce(r.source_type, m.source_type) = 'attendance'
    AND (m.kind = 'consume' OR m.kind = 'reversal')
  GROUP BY 1, 2, 3
  ON CONFLICT (school_item_code, day, teacher_code) DO UPDATE
    SET value_cents = t.value_cents + excluded.value_cents, hours = t.hours + excluded.hours,
      movements = t.movements + excluded.movements;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_ledger_aggregates AFTER INSERT ON student_ledger
  REFERENCING NEW TABLE AS ledger_new_movements FOR EACH STATEMENT EXECUTE FUNCTION ledger_aggregates_add();
--> statement-breakpoint
-- A lesson given to another teacher takes its signs' consumption with it.
CREATE FUNCTION ledger_teacher_days_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bo.ledger_aggregates', true), '') = 'off' THEN RETURN NULL; END IF;
  INSERT INTO ledger_teacher_days AS t (school_item_code, day, teacher_code, value_cents, hours, movements)
  SELECT m.school_item_code, (m.posted_at AT TIME ZONE 'Asia/Shanghai')::date, x.teacher_code,
    x.sign * sum(m.value_cents), x.sign * sum(m.hours), x.sign * count(*)
  FROM (
    SELECT c.school_item_code, c.posted_at, c.value_cents, c.hours, c.id AS consume_id
    FROM teaching_attendances a
    JOIN student_ledger c ON c.source_type = 'attendance' AND c.source_id = a.id AND c.kind = 'consume'
    WHERE a.lesson_id = NEW.id) c
  CROSS JOIN LATERAL (
    SELECT c.school_item_code, c.posted_at, c.value_cents, c.hours
    UNION ALL
    SELECT rv.school_item_code, rv.posted_at, rv.value_cents, rv.hours FROM student_ledger rv
    WHERE rv.reverses_id = c.consume_id AND rv.kind = 'reversal') m
  CROSS JOIN (VALUES (OLD.teacher_code, -1), (NEW.teacher_code, 1)) AS x(teacher_code, sign)
  GROUP BY 1, 2, 3, x.sign
  ON CONFLICT (school_item_code, day, teacher_code) DO UPDATE
    SET value_cents = t.value_cents + excluded.value_cents, hours = t.hours + excluded.hours,
      movements = t.movements + excluded.movements;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teaching_lessons_teacher_days AFTER UPDATE OF teacher_code ON teaching_lessons
  FOR EACH ROW WHEN (OLD.teacher_code IS DISTINCT FROM NEW.teacher_code) EXECUTE FUNCTION ledger_teacher_days_move();
--> statement-breakpoint
-- Every monthly aggregate again from the movements (the migration's fill, the bulk seed's end,
-- `pnpm --filter @bo/server aggregates:rebuild`).
CREATE FUNCTION ledger_aggregates_fill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE ledger_student_months, holding_months, ledger_teacher_days;
  INSERT INTO ledger_student_months (student_id, school_item_code, month, course_code, value_cents, hours, consumes,
    consume_cents, consume_hours)
  SELECT m.student_id, m.school_item_code, date_trunc('month', m.posted_at AT TIME ZONE 'Asia/Shanghai')::date,
    m.course_code, sum(m.value_cents), sum(m.hours), count(*) FILTER (WHERE coalesce(r.kind, m.kind) = 'consume'),
    coalesce(sum(m.value_cents) FILTER (WHERE coalesce(r.kind, m.kind) = 'consume'), 0),
    coalesce(sum(m.hours) FILTER (WHERE coalesce(r.kind, m.kind) = 'consume'), 0)
  FROM student_ledger m
  LEFT JOIN (SELECT x.id, x.kind FROM student_ledger x
    WHERE x.id IN (SELECT y.reverses_id FROM student_ledger y WHERE y.reverses_id IS NOT NULL)) r ON r.id = m.reverses_id
  GROUP BY 1, 2, 3, 4;
  PERFORM holding_shift(null, 1);
  INSERT INTO ledger_teacher_days (school_item_code, day, teacher_code, value_cents, hours, movements)
  SELECT m.school_item_code, (m.posted_at AT TIME ZONE 'Asia/Shanghai')::date, le.teacher_code,
    sum(m.value_cents), sum(m.hours), count(*)
  FROM student_ledger m
  LEFT JOIN (SELECT x.id, x.kind, x.source_type, x.source_id FROM student_ledger x
    WHERE x.id IN (SELECT y.reverses_id FROM student_ledger y WHERE y.reverses_id IS NOT NULL)) r ON r.id = m.reverses_id
  JOIN teaching_attendances a ON a.id = coalesce(r.source_id, m.source_id)
  JOIN teaching_lessons le ON le.id = a.lesson_id
  WHERE coalesce(r.kind, m.kind) = 'consume' AND coalesce(r.source_type, m.source_type) = 'attendance'
    AND m.kind IN ('consume', 'reversal')
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
SELECT ledger_aggregates_fill();
