// Common reads: dictionary items, family relations, administrative divisions, nations (the common
// service: the client returns the whole body { code, message, data }).
import { z } from 'zod';
import { get, publicAccess, signedIn, type Slice } from './define.js';

/** An entry of a common list: { code, name } with optional children (spec §3 province list entries). */
export interface TDivision {
  code: string;
  name: string;
  childs?: TDivision[];
}
export const Division: z.ZodType<TDivision> = z.object({
  code: z.string(),
  name: z.string(),
  get childs() {
    return z.array(Division).optional();
  },
});
export const CommonEntry = z.object({ code: z.string(), name: z.string() });
export const DictDataItem = z.object({
  id: z.number().int(),
  dictType: z.string(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
});
export type TDictDataItem = z.infer<typeof DictDataItem>;

export const common = {
  dictData: get('/common/dictData', {
    service: 'common',
    summary:
      'The valid items of a dictionary type (e.g. business_type, assist_course_type, calendar_type), in order.',
    access: signedIn,
    query: z.object({ type: z.string().trim().min(1, 'type is required') }),
    response: z.array(DictDataItem),
  }),
  relationTypes: get('/common/relationtypes', {
    service: 'common',
    summary: 'Family relations of a contact (父亲, 母亲, 爷爷, 奶奶, 外公, 外婆, ... 其他).',
    access: signedIn,
    response: z.array(CommonEntry),
  }),
  fullProvinces: get('/common/fullprovinces/0', {
    service: 'common',
    summary: 'Every province with its cities with their counties (GB/T 2260 six-digit codes; childs).',
    access: publicAccess,
    response: z.array(Division),
  }),
  fullProvinces2: get('/common/fullprovinces2/{n}', {
    service: 'common',
    summary: 'The division tree n levels deep: 1 provinces, 2 with cities, 3 with counties.',
    access: publicAccess,
    params: z.object({ n: z.coerce.number().int().min(1, 'n: 1, 2 or 3').max(3, 'n: 1, 2 or 3') }),
    response: z.array(Division),
  }),
  provinces: get('/common/provinces/0', {
    service: 'common',
    summary: 'Every province (no children).',
    access: publicAccess,
    response: z.array(CommonEntry),
  }),
  cities: get('/common/cities/{id}', {
    service: 'common',
    summary: 'The cities of a province code (2 or 6 digits); empty when unknown.',
    access: publicAccess,
    params: z.object({
      id: z
        .string()
        .trim()
        .regex(/^\d{2,6}$/, 'id: a province code'),
    }),
    response: z.array(CommonEntry),
  }),
  counties: get('/common/counties/{id}', {
    service: 'common',
    summary: 'The counties of a city code (4 or 6 digits); empty when unknown.',
    access: publicAccess,
    params: z.object({
      id: z
        .string()
        .trim()
        .regex(/^\d{4,6}$/, 'id: a city code'),
    }),
    response: z.array(CommonEntry),
  }),
  nations: get('/common/nations', {
    service: 'common',
    summary:
      'The 56 ethnic groups with their GB/T 3304 codes (01 汉族 … 56 基诺族) plus 97 其他 and 98 外国血统中国籍人士.',
    access: publicAccess,
    response: z.array(CommonEntry),
  }),
} satisfies Slice;
