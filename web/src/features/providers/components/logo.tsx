import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { cn } from '../../../components/ui/cn.js';
import {
  $logoFiles,
  avatarHue,
  avatarLetter,
  loadLogos,
  modelLogo,
  providerLogo,
  type Logo,
} from '../stores/logos.js';

/** The logo table, loaded (a lazy chunk) the first time any logo is shown. */
function useLogoFiles() {
  const files = useStore($logoFiles);
  useEffect(() => {
    if (!files) void loadLogos();
  }, [files]);
  return files;
}

const SIZE = { sm: 'size-4 text-[0.55rem]', md: 'size-5 text-[0.65rem]', lg: 'size-8 text-sm' };

/** A logo image, a monochrome mark in the text colour, or the letter avatar. */
function LogoMark({
  logo,
  id,
  name,
  size,
  className,
}: {
  logo: Logo | undefined;
  id: string;
  name: string;
  size: keyof typeof SIZE;
  className?: string | undefined;
}) {
  const [broken, setBroken] = useState<string | undefined>();
  const classes = cn(
    'logo inline-flex shrink-0 items-center justify-center',
    SIZE[size],
    className,
  );
  if (logo && broken !== logo.url) {
    if (logo.mono)
      return (
        <span
          aria-hidden="true"
          data-logo="mono"
          className={cn(classes, 'bg-current')}
          style={{
            maskImage: `url("${logo.url}")`,
            maskSize: 'contain',
            maskRepeat: 'no-repeat',
            maskPosition: 'center',
          }}
        />
      );
    return (
      <img
        src={logo.url}
        alt=""
        aria-hidden="true"
        data-logo="image"
        className={cn(classes, 'object-contain')}
        onError={() => setBroken(logo.url)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-logo="letter"
      className={cn(classes, 'rounded-md font-semibold text-white')}
      style={{ backgroundColor: `hsl(${avatarHue(id)} 55% 45%)` }}
    >
      {avatarLetter(name)}
    </span>
  );
}

/** A provider's logo (its manifest `icon`, the logo set, or its letter). Decorative. */
export function ProviderLogo({
  provider,
  size = 'md',
  className,
}: {
  provider: Pick<ProviderManifest, 'id' | 'name' | 'icon'>;
  size?: keyof typeof SIZE;
  className?: string;
}) {
  const files = useLogoFiles();
  return (
    <LogoMark
      logo={providerLogo(provider, files)}
      id={provider.id}
      name={provider.name}
      size={size}
      className={className}
    />
  );
}

/** A model's own logo when its id names one, else its provider's. Decorative. */
export function ModelLogo({
  modelId,
  provider,
  size = 'md',
  className,
}: {
  modelId: string;
  provider: Pick<ProviderManifest, 'id' | 'name' | 'icon'>;
  size?: keyof typeof SIZE;
  className?: string;
}) {
  const files = useLogoFiles();
  const own = modelLogo(modelId, files);
  return (
    <LogoMark
      logo={own ?? providerLogo(provider, files)}
      id={provider.id}
      name={provider.name}
      size={size}
      className={className}
    />
  );
}
