// Saved views of list screens (an area of the system slice): a user's named filter states of one
// screen, kept on the server so they follow the user to any browser. Only ever one's own views.
import { isWithinTextLength } from '@bo/domain';
import { z } from 'zod';

/** A view's name: 1..30 by the text-length rule (a Chinese character counts 2). */
export const SAVED_VIEW_NAME_MAX = 30;
/** Views one user keeps on one screen. */
export const SAVED_VIEWS_PER_SCREEN = 20;
/** The stored state of a view, as JSON, in characters. */
export const SAVED_VIEW_STATE_MAX_CHARS = 4000;

export const SavedViewName = z
  .string()
  .trim()
  .min(1)
  .max(SAVED_VIEW_NAME_MAX)
  .refine(
    (s) => isWithinTextLength(s, SAVED_VIEW_NAME_MAX),
    `视图名称最多${SAVED_VIEW_NAME_MAX}个字符（汉字计2个） / a view name has at most ${SAVED_VIEW_NAME_MAX} characters (a Chinese character counts 2)`,
  );

/** The screen a view belongs to: its route path, and the list's prefix after '#' where a screen has several. */
export const SavedViewScreen = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\/[^\s#?]*(#[\w.-]+)?$/, '界面须为路由路径 / the screen is a route path');

/** What a view restores: the list's URL filters, its sort and the hidden columns. */
export const SavedViewState = z
  .object({
    /** The search form's values by field name (the URL parameters the list keeps). */
    filters: z.record(z.string().max(100), z.string().max(1000)),
    /** `column.asc` or `column.desc`. */
    sort: z.string().max(100).nullable().default(null),
    hiddenColumns: z.array(z.string().max(100)).max(100).nullable().default(null),
  })
  .refine(
    (s) => JSON.stringify(s).length <= SAVED_VIEW_STATE_MAX_CHARS,
    `视图内容过长（最多${SAVED_VIEW_STATE_MAX_CHARS}字符） / the view holds too much (at most ${SAVED_VIEW_STATE_MAX_CHARS} characters)`,
  );
export type TSavedViewState = z.infer<typeof SavedViewState>;

export const SavedView = z.object({
  id: z.number().int(),
  screen: z.string(),
  name: z.string(),
  state: SavedViewState,
  isDefault: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSavedView = z.infer<typeof SavedView>;

export const SavedViewCreateInput = z.object({
  screen: SavedViewScreen,
  name: SavedViewName,
  state: SavedViewState,
  isDefault: z.boolean().default(false),
});

export const SavedViewUpdateInput = z.object({
  id: z.number().int().positive(),
  version: z.number().int(),
  name: SavedViewName.optional(),
  state: SavedViewState.optional(),
});

export const SavedViewDefaultInput = z.object({
  id: z.number().int().positive(),
  version: z.number().int(),
  /** true: this view opens the screen (the user's other default there is cleared); false: none does. */
  isDefault: z.boolean(),
});
