// The cropped square of a picture, drawn on a canvas and encoded as a JPEG: what the avatar upload sends (the
// server checks and resizes it again, so this only spares uploading the whole photo).
import type { Area } from 'react-easy-crop';

/** Pixels of the square sent: above the largest size the server keeps, so it only scales down. */
const OUTPUT_SIDE = 512;

export async function cropToBlob(source: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_SIDE;
  canvas.height = OUTPUT_SIDE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, OUTPUT_SIDE, OUTPUT_SIDE);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas gave no blob'))),
      'image/jpeg',
      0.9,
    ),
  );
}
