CREATE TABLE "lesson_campus_days" (
	"day" date NOT NULL,
	"school_item_code" text NOT NULL,
	"course_code" text NOT NULL,
	"kind" text NOT NULL,
	"lessons" integer NOT NULL,
	"given_lessons" integer NOT NULL,
	"confirmed_lessons" integer NOT NULL,
	"unconfirmed_given" integer NOT NULL,
	"minutes" integer NOT NULL,
	"bookings" integer NOT NULL,
	"leaves" integer NOT NULL,
	"arrivals" integer NOT NULL,
	"absences" integer NOT NULL,
	"unsigned" integer NOT NULL,
	"bh" numeric(14, 2) NOT NULL,
	"uh" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_days" (
	"day" date NOT NULL,
	"school_item_code" text NOT NULL,
	"course_code" text NOT NULL,
	"teacher_code" text NOT NULL,
	"classroom_id" integer,
	"kind" text NOT NULL,
	"lessons" integer NOT NULL,
	"given_lessons" integer NOT NULL,
	"confirmed_lessons" integer NOT NULL,
	"unconfirmed_given" integer NOT NULL,
	"minutes" integer NOT NULL,
	"bookings" integer NOT NULL,
	"leaves" integer NOT NULL,
	"arrivals" integer NOT NULL,
	"absences" integer NOT NULL,
	"unsigned" integer NOT NULL,
	"bh" numeric(14, 2) NOT NULL,
	"uh" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_campus_days_key_uq" ON "lesson_campus_days" USING btree ("day","school_item_code","course_code","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_days_key_uq" ON "lesson_days" USING btree ("day","school_item_code","course_code","teacher_code","kind",coalesce("classroom_id", 0));--> statement-breakpoint
CREATE INDEX "lesson_days_teacher_day_idx" ON "lesson_days" USING btree ("teacher_code","day");--> statement-breakpoint
CREATE INDEX "lesson_days_room_day_idx" ON "lesson_days" USING btree ("classroom_id","day");--> statement-breakpoint
CREATE INDEX "teaching_lesson_students_booked_idx" ON "teaching_lesson_students" USING btree ("lesson_id","student_id") WHERE status = 10;--> statement-breakpoint
CREATE INDEX "teaching_lessons_live_day_idx" ON "teaching_lessons" USING btree ("lesson_date","school_item_code","id") WHERE status = 10;--> statement-breakpoint
-- The lesson rollups are kept by the database (docs/decisions.md "Lesson rollups"): a statement on
-- lessons, bookings or signs collects the keys it touched (old and new values) and lesson_days_fill
-- recomputes exactly those keys' rows from the base tables, in the same transaction. The session
-- setting bo.lesson_days = 'off' lets a bulk load skip it and call lesson_days_fill(null) once at the end.
CREATE TYPE "lesson_day_key" AS ("day" date, "school_item_code" text, "course_code" text, "teacher_code" text, "classroom_id" integer, "kind" text);
--> statement-breakpoint
CREATE FUNCTION lesson_days_fill(ks lesson_day_key[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lessons text;
  bookings text := '';
BEGIN
  IF ks IS NULL THEN
    -- Everything: a plain scan the planner knows the size of, hashed against all bookings.
    TRUNCATE lesson_days, lesson_campus_days;
    lessons := 'select le.id, le.lesson_date, le.school_item_code, le.course_code, le.teacher_code,
      le.classroom_id, le.kind, le.hours, le.start_minute, le.end_minute, le.confirmed_at
      from teaching_lessons le where le.status = 10';
  ELSE
    IF cardinality(ks) = 0 THEN RETURN; END IF;
    DELETE FROM lesson_days d USING (SELECT DISTINCT * FROM unnest(ks)) k
      WHERE d.day = k.day AND d.school_item_code = k.school_item_code AND d.course_code = k.course_code
        AND d.teacher_code = k.teacher_code AND d.kind = k.kind
        AND coalesce(d.classroom_id, 0) = coalesce(k.classroom_id, 0);
    DELETE FROM lesson_campus_days c USING (SELECT DISTINCT k.day, k.school_item_code, k.course_code, k.kind FROM unnest(ks) k) k
      WHERE c.day = k.day AND c.school_item_code = k.school_item_code AND c.course_code = k.course_code AND c.kind = k.kind;
    -- The keys' lessons through (school_item_code, lesson_date), then their bookings by lesson.
    bookings := 'and ls.lesson_id in (select id from le)';
    lessons := 'select le.* from teaching_lessons le
      join (select distinct * from unnest($1)) k on le.lesson_date = k.day and le.school_item_code = k.school_item_code
        and le.course_code = k.course_code and le.teacher_code = k.teacher_code and le.kind = k.kind
        and coalesce(le.classroom_id, 0) = coalesce(k.classroom_id, 0)
      where le.status = 10';
  END IF;
  -- One row per live lesson with its bookings that are not removed (a leave sign or a released
  -- booking is a leave; present, late and makeup are arrivals), then the sums per key.
  EXECUTE format($q$
    with le as %s (%s),
    b as (
      select ls.lesson_id, count(*) as bookings, count(*) filter (where ls.status = 10) as booked,
        count(a.id) as signs, coalesce(sum(a.hours), 0) as uh,
        count(*) filter (where a.status = 'leave' or ls.status = 20) as leaves,
        count(*) filter (where a.status in ('present', 'late', 'makeup')) as arrivals,
        count(*) filter (where a.status = 'absent') as absences,
        count(*) filter (where a.id is null and ls.status = 10) as unsigned
      from teaching_lesson_students ls
      left join teaching_attendances a on a.lesson_student_id = ls.id and a.cancelled_at is null
      where ls.status <> 90 %s
      group by ls.lesson_id)
    insert into lesson_days (day, school_item_code, course_code, teacher_code, classroom_id, kind, lessons,
      given_lessons, confirmed_lessons, unconfirmed_given, minutes, bookings, leaves, arrivals, absences,
      unsigned, bh, uh)
    select le.lesson_date, le.school_item_code, le.course_code, le.teacher_code, le.classroom_id, le.kind,
      count(*), count(*) filter (where b.signs > 0), count(*) filter (where le.confirmed_at is not null),
      count(*) filter (where b.signs > 0 and le.confirmed_at is null), sum(le.end_minute - le.start_minute),
      coalesce(sum(b.bookings), 0), coalesce(sum(b.leaves), 0), coalesce(sum(b.arrivals), 0),
      coalesce(sum(b.absences), 0), coalesce(sum(b.unsigned), 0),
      coalesce(sum(case when le.kind in ('oneToOne', 'group') then le.hours * b.booked else 0 end), 0),
      coalesce(sum(b.uh), 0)
    from le left join b on b.lesson_id = le.id
    group by le.lesson_date, le.school_item_code, le.course_code, le.teacher_code, le.classroom_id, le.kind
  $q$, CASE WHEN ks IS NULL THEN 'not materialized' ELSE 'materialized' END, lessons, bookings) USING ks;
  -- The campus rollup: its keys' rows again from lesson_days.
  EXECUTE format($q$
    insert into lesson_campus_days (day, school_item_code, course_code, kind, lessons, given_lessons,
      confirmed_lessons, unconfirmed_given, minutes, bookings, leaves, arrivals, absences, unsigned, bh, uh)
    select d.day, d.school_item_code, d.course_code, d.kind, sum(d.lessons), sum(d.given_lessons),
      sum(d.confirmed_lessons), sum(d.unconfirmed_given), sum(d.minutes), sum(d.bookings), sum(d.leaves),
      sum(d.arrivals), sum(d.absences), sum(d.unsigned), sum(d.bh), sum(d.uh)
    from lesson_days d %s
    group by d.day, d.school_item_code, d.course_code, d.kind
  $q$, CASE WHEN ks IS NULL THEN '' ELSE 'join (select distinct k.day, k.school_item_code, k.course_code, k.kind
      from unnest($1) k) k on d.day = k.day and d.school_item_code = k.school_item_code
      and d.course_code = k.course_code and d.kind = k.kind' END) USING ks;
END $$;
--> statement-breakpoint
CREATE FUNCTION lesson_days_on_lessons() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ks lesson_day_key[];
BEGIN
  IF current_setting('bo.lesson_days', true) = 'off' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT row(n.lesson_date, n.school_item_code, n.course_code, n.teacher_code, n.classroom_id, n.kind)::lesson_day_key)
      INTO ks FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT row(o.lesson_date, o.school_item_code, o.course_code, o.teacher_code, o.classroom_id, o.kind)::lesson_day_key)
      INTO ks FROM old_rows o;
  ELSE
    -- Only the rows whose figures change: not a version or an audit column.
    SELECT array_agg(DISTINCT x.k) INTO ks FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        (row(o.lesson_date, o.school_item_code, o.course_code, o.teacher_code, o.classroom_id, o.kind)::lesson_day_key),
        (row(n.lesson_date, n.school_item_code, n.course_code, n.teacher_code, n.classroom_id, n.kind)::lesson_day_key)) x(k)
      WHERE (o.lesson_date, o.school_item_code, o.course_code, o.teacher_code, o.classroom_id, o.kind, o.status,
          o.start_minute, o.end_minute, o.hours, o.confirmed_at IS NULL)
        IS DISTINCT FROM (n.lesson_date, n.school_item_code, n.course_code, n.teacher_code, n.classroom_id, n.kind,
          n.status, n.start_minute, n.end_minute, n.hours, n.confirmed_at IS NULL);
  END IF;
  PERFORM lesson_days_fill(coalesce(ks, '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Bookings and signs: the keys of their lessons (old and new).
CREATE FUNCTION lesson_days_on_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  ks lesson_day_key[];
BEGIN
  IF current_setting('bo.lesson_days', true) = 'off' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.lesson_id) INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.lesson_id) INTO ids FROM old_rows o;
  ELSIF TG_TABLE_NAME = 'teaching_lesson_students' THEN
    SELECT array_agg(DISTINCT x.id) INTO ids FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.lesson_id), (n.lesson_id)) x(id)
      WHERE (o.lesson_id, o.status) IS DISTINCT FROM (n.lesson_id, n.status);
  ELSE
    SELECT array_agg(DISTINCT x.id) INTO ids FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.lesson_id), (n.lesson_id)) x(id)
      WHERE (o.lesson_id, o.lesson_student_id, o.status, o.hours, o.cancelled_at IS NULL)
        IS DISTINCT FROM (n.lesson_id, n.lesson_student_id, n.status, n.hours, n.cancelled_at IS NULL);
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  SELECT array_agg(DISTINCT row(le.lesson_date, le.school_item_code, le.course_code, le.teacher_code, le.classroom_id, le.kind)::lesson_day_key)
    INTO ks FROM teaching_lessons le WHERE le.id = any(ids);
  PERFORM lesson_days_fill(coalesce(ks, '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lesson_days_lessons_ins AFTER INSERT ON teaching_lessons REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lesson_days_on_lessons();
--> statement-breakpoint
CREATE TRIGGER lesson_days_lessons_upd AFTER UPDATE ON teaching_lessons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lesson_days_on_lessons();
--> statement-breakpoint
CREATE TRIGGER lesson_days_lessons_del AFTER DELETE ON teaching_lessons REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lesson_days_on_lessons();
--> statement-breakpoint
CREATE TRIGGER lesson_days_bookings_ins AFTER INSERT ON teaching_lesson_students REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lesson_days_on_bookings();
--> statement-breakpoint
CREATE TRIGGER lesson_days_bookings_upd AFTER UPDATE ON teaching_lesson_students REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lesson_days_on_bookings();
--> statement-breakpoint
CREATE TRIGGER lesson_days_bookings_del AFTER DELETE ON teaching_lesson_students REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lesson_days_on_bookings();
--> statement-breakpoint
CREATE TRIGGER lesson_days_signs_ins AFTER INSERT ON teaching_attendances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lesson_days_on_bookings();
--> statement-breakpoint
CREATE TRIGGER lesson_days_signs_upd AFTER UPDATE ON teaching_attendances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lesson_days_on_bookings();
--> statement-breakpoint
CREATE TRIGGER lesson_days_signs_del AFTER DELETE ON teaching_attendances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lesson_days_on_bookings();
--> statement-breakpoint
-- The rows that exist: filled once from the base tables.
SELECT lesson_days_fill(NULL);
--> statement-breakpoint
ANALYZE lesson_days;
--> statement-breakpoint
ANALYZE lesson_campus_days;
