// Example: Every vehicle make
import { vehicleBrands } from 'kilowise-brands';

// The default export is shown: a list of brands appears as cards with their logos. Switch the site
// to dark mode and the cards use each logo's dark variant.
export default vehicleBrands;
