/** What a make needs to become a Brand: its name, colour and monogram. */
export interface MakeEntry {
  name: string;
  color: string;
  initials: string;
}

/**
 * The vehicle makes of the API (`VehicleManufacturer`). Colours are the makes' own hues; the marks are
 * monograms, no maker's artwork.
 */
export const VEHICLE_MAKES = {
  AUDI: { name: 'Audi', color: '#bb0a30', initials: 'AU' },
  BMW: { name: 'BMW', color: '#0066b1', initials: 'BMW' },
  CADILLAC: { name: 'Cadillac', color: '#7c6a3c', initials: 'CA' },
  CHEVROLET: { name: 'Chevrolet', color: '#d1a32c', initials: 'CH' },
  CUPRA: { name: 'Cupra', color: '#95572b', initials: 'CU' },
  FORD: { name: 'Ford', color: '#003478', initials: 'FO' },
  HYUNDAI: { name: 'Hyundai', color: '#002c5f', initials: 'HY' },
  JAGUAR: { name: 'Jaguar', color: '#2d2d2d', initials: 'JA' },
  KIA: { name: 'Kia', color: '#05141f', initials: 'KIA' },
  LAND_ROVER: { name: 'Land Rover', color: '#005a2b', initials: 'LR' },
  MERCEDES_BENZ: { name: 'Mercedes-Benz', color: '#333f48', initials: 'MB' },
  MINI: { name: 'MINI', color: '#000000', initials: 'MINI' },
  NISSAN: { name: 'Nissan', color: '#c3002f', initials: 'NI' },
  PEUGEOT: { name: 'Peugeot', color: '#1e2b4f', initials: 'PE' },
  POLESTAR: { name: 'Polestar', color: '#101010', initials: 'PS' },
  PORSCHE: { name: 'Porsche', color: '#a2191f', initials: 'PO' },
  RENAULT: { name: 'Renault', color: '#efdf00', initials: 'RE' },
  SKODA: { name: 'Škoda', color: '#0e3a2f', initials: 'SK' },
  TESLA: { name: 'Tesla', color: '#cc0000', initials: 'TE' },
  TOYOTA: { name: 'Toyota', color: '#eb0a1e', initials: 'TO' },
  VOLKSWAGEN: { name: 'Volkswagen', color: '#001e50', initials: 'VW' },
  VOLVO: { name: 'Volvo', color: '#003057', initials: 'VO' },
} as const satisfies Record<string, MakeEntry>;

/** The charger makes of the API (`ChargerManufacturer`). */
export const CHARGER_MAKES = {
  WALLBOX: { name: 'Wallbox', color: '#00a87e', initials: 'WB' },
  EASEE: { name: 'Easee', color: '#262626', initials: 'EA' },
  ZAPTEC: { name: 'Zaptec', color: '#0b2a3c', initials: 'ZA' },
  ABB: { name: 'ABB', color: '#e6001f', initials: 'ABB' },
  ALFEN: { name: 'Alfen', color: '#e3051b', initials: 'AL' },
  KEBA: { name: 'KEBA', color: '#d2001a', initials: 'KEBA' },
  CTEK: { name: 'CTEK', color: '#1d2d3c', initials: 'CT' },
  GARO: { name: 'Garo', color: '#00529b', initials: 'GA' },
  SCHNEIDER_ELECTRIC: { name: 'Schneider Electric', color: '#3dcd58', initials: 'SE' },
} as const satisfies Record<string, MakeEntry>;
