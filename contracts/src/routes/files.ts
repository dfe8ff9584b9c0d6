import { IdParams } from '../fields';
import { uploadedFileParamsSchema, uploadTokenParamsSchema } from '../identity';
import type { FileRoute } from './route';

/** Upload targets and image downloads: their bodies or answers are bytes, their access declared like any call. */
export const fileRoutes = [
  {
    id: 'uploadProfileImage',
    method: 'PUT',
    path: '/api/uploads/{token}',
    summary: 'העלאת תמונת פרופיל לכתובת ההעלאה החד־פעמית',
    tag: 'identity',
    access: 'capability',
    refusals: [401],
    params: uploadTokenParamsSchema,
    file: 'upload',
  },
  {
    id: 'getUploadedImage',
    method: 'GET',
    path: '/api/uploads/files/{name}',
    summary: 'תמונת פרופיל שהועלתה',
    tag: 'identity',
    access: 'public',
    params: uploadedFileParamsSchema,
    file: 'download',
  },
  {
    id: 'uploadScreenshot',
    method: 'PUT',
    path: '/api/screenshots/{id}',
    summary: 'העלאת צילום מסך של עסקה',
    tag: 'journal',
    access: 'signed-in',
    params: IdParams,
    file: 'upload',
  },
  {
    id: 'getScreenshot',
    method: 'GET',
    path: '/api/screenshots/{id}',
    summary: 'צילום מסך של עסקה (לבעליה ולמנטורים של הארגון)',
    tag: 'journal',
    access: 'signed-in',
    params: IdParams,
    file: 'download',
  },
] as const satisfies readonly FileRoute[];
