/**
 * The image limits of every upload (document 002, sections 5 and 9), for the server's parser and
 * the browser's own check alike: jpg, jpeg or png, at most 5 MB (5,242,880 bytes).
 */
export const MAX_IMAGE_BYTES = 5_242_880;
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png"] as const;
/** For `<input type=file accept=…>`. */
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
