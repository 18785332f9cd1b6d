import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** A check-in code as a QR code (drawn as SVG cells, so it scales and prints sharply). */
export function CheckInQrCode({ code, label }: { code: string; label: string }) {
  const cells = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(code, 'Numeric');
    qr.make();
    const size = qr.getModuleCount();
    const dark: Array<[number, number]> = [];
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) if (qr.isDark(row, col)) dark.push([col, row]);
    }
    return { size, dark };
  }, [code]);
  const margin = 2;
  const extent = cells.size + margin * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${extent} ${extent}`}
      className="h-40 w-40 bg-white"
      shapeRendering="crispEdges"
    >
      {cells.dark.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x + margin} y={y + margin} width={1} height={1} fill="#0f172a" />
      ))}
    </svg>
  );
}
