/**
 * Toasts (sonner). The app mounts its `<Toaster>` once some module that may toast has loaded,
 * i.e. once this one has: a page that never toasts (the home page, the legal pages) never
 * downloads sonner. A toast raised before the Toaster is mounted still shows: sonner hands a new
 * Toaster the toasts already raised.
 */
import { toast } from 'sonner';
import { wantToaster } from './toaster-demand';

wantToaster();

export { toast };
