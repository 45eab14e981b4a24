// Starts an upload on whichever backend this deployment runs: tus to the app (embedded) or
// Cloud Storage (Firebase). The caller gets the same task either way.
import { webConfig } from '@/firebase-client/web-config-store';
import { xhrTransport } from './transport';
import { TusUploadTask, type UploadTask } from './upload-task';

export const UPLOAD_ENDPOINT = '/api/uploads';

/** A file use of src/server/files/uses.ts, as the browser names it. */
export interface UploadTarget {
  name: string;
  folder: string;
  accountUpload?: string;
}

export const IMAGE_UPLOAD: UploadTarget = { name: 'images', folder: 'images' };
export const AVATAR_UPLOAD: UploadTarget = { name: 'avatars', folder: 'avatars', accountUpload: 'upload' };

export async function startUpload(file: File, use: UploadTarget): Promise<UploadTask> {
  const config = webConfig();
  if (config.backend === 'embedded') {
    return new TusUploadTask(file, { endpoint: UPLOAD_ENDPOINT, metadata: { use: use.name, filename: file.name, filetype: file.type }, transport: xhrTransport });
  }
  // Firebase (Auth for the uploader, Storage) is loaded only here, for an upload in Firebase mode.
  const [{ firebaseApp, firebaseAuth }, { FirebaseUploadTask }] = await Promise.all([import('@/firebase-client/firebase-web'), import('./firebase-upload-task')]);
  const auth = await firebaseAuth();
  await auth.authStateReady();
  const uid = auth.currentUser?.uid;
  if (!uid) throw new Error('Sign in before uploading.');
  const extension = file.name.includes('.') ? file.name.split('.').at(-1)!.toLowerCase().replace(/[^a-z0-9]/g, '') : 'bin';
  const path = use.accountUpload ? `${use.folder}/${uid}/${use.accountUpload}` : `${use.folder}/${crypto.randomUUID()}.${extension}`;
  return new FirebaseUploadTask(firebaseApp(), path, file, { uploaderUid: uid, originalName: file.name.slice(0, 200) });
}
