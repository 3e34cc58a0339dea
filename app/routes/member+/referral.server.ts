/**
 * The referral link's QR code, drawn on the server as SVG. The qrcode library is reached through
 * this .server module so that it stays out of the route's browser chunk, which an import only
 * the loader uses would otherwise still bring.
 */
import QRCode from "qrcode";

export function qrSvg(link: string): Promise<string> {
  return QRCode.toString(link, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 1,
    color: { dark: "#0b1020", light: "#ffffff" },
  });
}
