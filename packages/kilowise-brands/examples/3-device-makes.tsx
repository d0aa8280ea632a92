// Example: Brands of a user's devices
import { fallbackBrand, getChargerBrand, getVehicleBrand } from 'kilowise-brands';

// The make of each device, as kilowise.devices.list() returns them. A make this release does not
// know yet (a newer API's) gets the neutral fallback brand instead of an error.
const devices = [
  { id: 'dev-5b1f0c', type: 'VEHICLE', make: 'VOLVO' },
  { id: 'dev-9c4d21', type: 'VEHICLE', make: 'TESLA' },
  { id: 'dev-77a0d2', type: 'EV_CHARGER', make: 'WALLBOX' },
  { id: 'dev-0a0b0c', type: 'VEHICLE', make: 'NEW_MAKE' },
];

export default devices.map((device) => {
  const brand = device.type === 'VEHICLE' ? getVehicleBrand(device.make) : getChargerBrand(device.make);
  if (!brand) console.warn(`${device.id}: no brand for ${device.make}, showing the fallback`);
  return brand ?? fallbackBrand(device.make);
});
