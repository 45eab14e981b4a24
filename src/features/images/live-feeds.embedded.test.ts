// The image library's feed keeps the live contract on the embedded backend: the procedure's own
// read, watched through the SQLite change feed.
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { watchRead } from '@/server/live/watch';
import { Images } from './images';
import { listImages } from './image-library';
import { liveContract } from '@/features/live/live.contract';
import { imageDocument } from './test-image';

liveContract('embedded (SQLite change feed → tRPC subscription)', async () => {
  const documents = new SqliteDocuments(':memory:');
  return {
    subscribe(onData, onError) {
      const controller = new AbortController();
      void (async () => {
        try {
          for await (const images of watchRead({ documents, key: 'images', concerns: { [Images.name]: 'every' }, read: () => listImages(documents, {}), signal: controller.signal })) onData(images.map((image) => image.id));
        } catch (error) {
          onError(error);
        }
      })();
      return () => controller.abort();
    },
    write: (id, createdAt) => documents.collection(Images).doc(id).set(imageDocument(createdAt)),
    remove: (id) => documents.collection(Images).doc(id).delete(),
  };
});
