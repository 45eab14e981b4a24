// The image library's admin procedures and live list, and the members' live lounge. Thin:
// access, input, one call. Made with what shows an image as its cover (the events, which sit
// above the library), which the application router passes in.
import 'server-only';
import { adminChangingEvents, roleProcedure, router } from '@/server/trpc/init';
import { liveStream } from '@/server/live/live-stream';
import { Images } from './images';
import { listLounge, LoungeImages } from './lounge';
import { MEMBER_AREA } from '@/navigation/routes';
import { addImage, listImages, removeImage, updateImage, type CoverHolders } from './image-library';
import { ImageAddInput, ImageIdInput, ImageListInput, ImageUpdateInput } from './images.inputs';

const admin = roleProcedure('admin');
const members = roleProcedure(...MEMBER_AREA);

export function imagesRouter(covers: CoverHolders) {
  return router({
    list: admin.input(ImageListInput).query(({ ctx, input }) => listImages(ctx.documents, input)),
    /** The list as it changes (embedded backend; the Firebase backend reads it with onSnapshot). */
    // Admins with the same filters share one read per change.
    live: admin.input(ImageListInput).subscription(({ ctx, input, signal }) =>
      liveStream({
        documents: ctx.documents,
        key: `images.live ${JSON.stringify(input)}`,
        concerns: { [Images.name]: 'every' },
        read: () => listImages(ctx.documents, input),
        signal,
      }),
    ),
    /** The members' lounge as it changes (embedded backend; Firebase reads loungeImages with onSnapshot). */
    lounge: members.subscription(({ ctx, signal }) =>
      liveStream({
        documents: ctx.documents,
        key: 'images.lounge',
        concerns: { [LoungeImages.name]: 'every' },
        read: () => listLounge(ctx.documents),
        signal,
      }),
    ),
    add: admin
      .input(ImageAddInput)
      .mutation(({ ctx, input }) =>
        addImage({ documents: ctx.documents, files: ctx.files(), uploads: ctx.uploads(), probe: ctx.probe }, ctx.identity, input),
      ),
    // Alt texts are copied onto the events that show the image as their cover.
    update: adminChangingEvents.input(ImageUpdateInput).mutation(({ ctx, input }) => updateImage(ctx.documents, covers, ctx.identity, input, ctx.locale)),
    remove: admin.input(ImageIdInput).mutation(({ ctx, input }) => removeImage({ documents: ctx.documents, files: ctx.files() }, covers, ctx.identity, input, ctx.locale)),
  });
}
