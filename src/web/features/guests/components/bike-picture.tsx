import type { PublicBike } from '@contracts/guests';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  Blau: '#1c7ed6',
  Weiß: '#adb5bd',
  Grün: '#2f9e44',
  Rot: '#e03131',
  Schwarz: '#212529',
  Gelb: '#f59f00',
  Silber: '#868e96',
};

/** The bike's photo, or a drawing in its colour when it has none (no placeholder image to download). */
export function BikePicture({ bike }: { bike: PublicBike }) {
  const { t } = useTranslation('guests');
  if (bike.hasImage) {
    return (
      <img
        src={`/api/public/rental/bikes/${encodeURIComponent(bike.key)}/image`}
        alt={t('rental.photoAlt', { name: `${bike.label} ${bike.licensePlate}` })}
        style={{ width: '100%', height: 150, objectFit: 'cover', display: 'block' }}
        loading="lazy"
      />
    );
  }
  const stroke = COLOURS[bike.colour ?? ''] ?? '#495057';
  return (
    <svg
      viewBox="0 0 240 130"
      role="img"
      aria-label={t('rental.drawingAlt', { colour: bike.colour ?? '' })}
      style={{ width: '100%', height: 150, display: 'block', background: '#f1f3f5' }}
    >
      <g fill="none" stroke="#343a40" strokeWidth="5">
        <circle cx="60" cy="85" r="33" />
        <circle cx="180" cy="85" r="33" />
      </g>
      <g fill="none" stroke={stroke} strokeWidth="7" strokeLinecap="round" strokeLinejoin="round">
        <path d="M60 85 L100 40 L160 40 L180 85 M100 40 L120 85 L160 40 M120 85 L60 85" />
        <path d="M95 30 L112 30 M160 40 L155 22 L170 22" />
      </g>
      {bike.category.toLowerCase().includes('e-bike') && <rect x="104" y="52" width="26" height="12" rx="3" fill="#343a40" />}
    </svg>
  );
}
