import { describe, expect, it } from 'vitest';
import { themeSettings } from './color-mode';

describe('themeSettings', () => {
  it('falls back to the default mode when the system preference is not respected', () => {
    expect(
      themeSettings({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
    ).toMatchObject({
      storageKey: 'theme',
      attribute: 'class',
      enableSystem: false,
      defaultTheme: 'light',
      forcedTheme: undefined,
    });
  });

  it('follows the system when it is respected, even with the switch disabled', () => {
    expect(themeSettings({ defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: true })).toMatchObject({
      enableSystem: true,
      defaultTheme: 'system',
      forcedTheme: undefined,
    });
  });

  it('pins the default mode when the switch is disabled and the system is not followed', () => {
    expect(themeSettings({ defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false })).toMatchObject(
      {
        defaultTheme: 'dark',
        forcedTheme: 'dark',
      },
    );
  });
});
