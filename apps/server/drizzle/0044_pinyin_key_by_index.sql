-- The sort key of a name looked each character up by a join the planner costed for the 1,000 rows it
-- assumes a set-returning function gives: it hashed all ~21,000 rows of "pinyin_chars" on every call
-- (≈ 8 ms per inserted clue, student or employee: a million bulk-seeded clues took hours). Each
-- character is now one lookup by the primary key (≈ 0.05 ms a name); the answer is the same.
CREATE OR REPLACE FUNCTION "pinyin_key"(txt text, person boolean) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(coalesce(
      (SELECT CASE WHEN person AND c.i = 1 THEN coalesce(p.surname_py, p.py) ELSE p.py END
         FROM "pinyin_chars" AS p WHERE p.ch = c.ch) || ' ',
      lower(c.ch)), '' ORDER BY c.i), '')
  FROM regexp_split_to_table(btrim(coalesce(txt, '')), '') WITH ORDINALITY AS c(ch, i)
$$;
