// Example: Find makes by name
import { chargerBrands, vehicleBrands, type Brand } from 'kilowise-brands';

// A brand picker's search: type another query. Matches any word of the name or the API's id.
const query = 'vol';

function matches(brand: Brand, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return (
    brand.id.toLowerCase().includes(needle) ||
    brand.name
      .toLowerCase()
      .split(/[\s-]+/)
      .some((word) => word.startsWith(needle))
  );
}

export default [...vehicleBrands, ...chargerBrands].filter((brand) => matches(brand, query));
