/** An image's pixel size. */
export interface ImageSize {
  width: number;
  height: number;
}

/** Decodes with an <img> (the browsers or test environments without createImageBitmap). */
function sizeFromImageElement(file: Blob): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = () => URL.revokeObjectURL(url);
    image.onload = () => {
      done();
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      done();
      reject(new Error('The file is not a readable image.'));
    };
    image.src = url;
  });
}

/**
 * The real pixel size of a chosen image, decoded in the browser (createImageBitmap, else an
 * <img>). Rejects when the file is not an image the browser can decode.
 */
export async function readImageSize(file: Blob): Promise<ImageSize> {
  if (typeof globalThis.createImageBitmap === 'function') {
    try {
      const bitmap = await globalThis.createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      // Some formats (an animated GIF in older engines) decode only through an <img>.
    }
  }
  return sizeFromImageElement(file);
}
