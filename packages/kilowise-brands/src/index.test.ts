import { describe, expect, it } from 'vitest';
import { ChargerManufacturer, VehicleManufacturer } from '../../kilowise-client/src/enums';
import {
  chargerBrands,
  fallbackBrand,
  FALLBACK_COLOR,
  getChargerBrand,
  getVehicleBrand,
  vehicleBrands,
  type Brand,
} from './index';
import { contrast, DARK_BACKGROUND, LIGHT_BACKGROUND, textColorOn } from './logo';

const all: Brand[] = [...vehicleBrands, ...chargerBrands];

describe('the makes of the API', () => {
  it('has a brand for every VehicleManufacturer and ChargerManufacturer of kilowise-client, and no other', () => {
    expect(vehicleBrands.map((brand) => brand.id).sort()).toEqual(Object.values(VehicleManufacturer).sort());
    expect(chargerBrands.map((brand) => brand.id).sort()).toEqual(Object.values(ChargerManufacturer).sort());
  });

  it('lists brands sorted by name', () => {
    for (const list of [vehicleBrands, chargerBrands]) {
      const names = list.map((brand) => brand.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('looks makes up by the API value, and answers undefined (never a throw) for anything else', () => {
    expect(getVehicleBrand('MERCEDES_BENZ')?.name).toBe('Mercedes-Benz');
    expect(getChargerBrand('WALLBOX')?.name).toBe('Wallbox');
    expect(getVehicleBrand('WALLBOX')).toBeUndefined();
    expect(getVehicleBrand('volvo')).toBeUndefined();
    expect(getVehicleBrand('')).toBeUndefined();
    expect(getVehicleBrand(undefined)).toBeUndefined();
    expect(getChargerBrand(null)).toBeUndefined();
  });
});

describe('logos', () => {
  const monogramOf = (svg: string) => /<text[^>]*fill="(#[0-9a-f]{6})"[^>]*>([^<]*)<\/text>/.exec(svg);

  it('are SVG monograms named for assistive technology', () => {
    for (const brand of all) {
      for (const svg of [brand.logo.light, brand.logo.dark]) {
        expect(svg, brand.id).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*role="img"/);
        expect(svg, brand.id).toContain(`<title>${brand.name.replace(/&/g, '&amp;')}</title>`);
        expect(svg, brand.id).toContain(`fill="${brand.color}"`);
        expect(monogramOf(svg)?.[2], brand.id).toMatch(/^[A-Z]{2,4}$/);
        expect(svg, brand.id).not.toMatch(/<image|href=|<script/);
      }
    }
  });

  it('keep their initials legible on the brand colour (4.5:1)', () => {
    for (const brand of all)
      expect(contrast(monogramOf(brand.logo.light)?.[1] ?? '', brand.color), brand.id).toBeGreaterThanOrEqual(4.5);
  });

  it('stand out on light and on dark pages (3:1, by their colour or an outline)', () => {
    for (const brand of all) {
      for (const [svg, background] of [
        [brand.logo.light, LIGHT_BACKGROUND],
        [brand.logo.dark, DARK_BACKGROUND],
      ] as const) {
        const outline = /stroke="(#[0-9a-f]{6})"/.exec(svg)?.[1];
        const edge = Math.max(contrast(brand.color, background), outline ? contrast(outline, background) : 0);
        expect(edge, `${brand.id} on ${background}`).toBeGreaterThanOrEqual(3);
      }
    }
    // A black mark gets an outline on a dark page, and none on a light one.
    expect(getVehicleBrand('MINI')?.logo.dark).toContain('stroke=');
    expect(getVehicleBrand('MINI')?.logo.light).not.toContain('stroke=');
  });

  it('pick dark initials on a light colour', () => {
    expect(textColorOn('#efdf00')).toBe('#111111');
    expect(textColorOn('#003057')).toBe('#ffffff');
  });
});

describe('fallbackBrand', () => {
  it('names an unknown make from its id, in a neutral grey', () => {
    const lucid = fallbackBrand('LUCID_MOTORS');
    expect(lucid).toMatchObject({ id: 'LUCID_MOTORS', name: 'Lucid Motors', color: FALLBACK_COLOR });
    expect(lucid.logo.light).toContain('>LM</text>');
    expect(fallbackBrand('RIVIAN').logo.dark).toContain('>RI</text>');
  });

  it('escapes what it is given and copes with nothing', () => {
    expect(fallbackBrand('A<B').logo.light).not.toContain('<B');
    expect(fallbackBrand('').name).toBe('Unknown make');
  });
});
