import { z } from 'zod';

/** An upload is multipart/form-data with the file in the field `file`, the one field the server reads. */
export const FileUploadSchema = z.object({ file: z.string().meta({ format: 'binary' }) });
