import type { Logo as LogoConfig } from '@/lib/site/schema';

/** The logo in both colour modes; CSS shows the one that matches, so the first paint is right. */
export function Logo({ logo, className }: { logo: LogoConfig; className?: string }) {
  const size = { width: logo.width, height: logo.height };
  return (
    <span className={`logo ${className ?? ''}`}>
      {/* Plain <img>: an SVG logo gains nothing from next/image's optimiser. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- see above */}
      <img
        className={logo.srcDark ? 'logo__img logo__img--light' : 'logo__img'}
        src={logo.src}
        alt={logo.alt}
        {...size}
      />
      {logo.srcDark ? (
        // eslint-disable-next-line @next/next/no-img-element -- see above
        <img className="logo__img logo__img--dark" src={logo.srcDark} alt={logo.alt} {...size} />
      ) : null}
    </span>
  );
}
