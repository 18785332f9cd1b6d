import { Info, MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { genericErrors } from '@shared/messages';
import { locationMessages } from '@shared/practice/location-constants';
import type { LocationDto } from '@shared/practice/practice-replies';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ApiError } from '@web/lib/api-client';
import { useCreateLocation } from '../api/create-location';
import { useDeleteLocation } from '../api/delete-location';
import { useLocations } from '../api/locations';
import { useMakeMainLocation } from '../api/make-main-location';
import { useUpdateLocation } from '../api/update-location';
import { LocationForm } from './location-form';

function addFailure(error: unknown): string {
  const detail = error instanceof ApiError && error.message ? error.message : genericErrors.network;
  return `${locationMessages.addFailedPrefix}${detail}`;
}

/** The practice's locations: a grid of cards with add, edit, make main and delete. */
export function LocationsSection({ startAdding = false }: { startAdding?: boolean }) {
  const locations = useLocations();
  const createLocation = useCreateLocation();
  const [adding, setAdding] = useState(startAdding);

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        {adding ? null : (
          <Button
            onClick={() => {
              createLocation.reset();
              setAdding(true);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Location
          </Button>
        )}
      </div>

      {adding ? (
        <LocationForm
          title="Add Location"
          submitLabel="Add Location"
          autoFocus
          pending={createLocation.isPending}
          failure={createLocation.isError ? addFailure(createLocation.error) : undefined}
          onSubmit={async (input) => {
            await createLocation.mutateAsync(input);
            setAdding(false);
          }}
          onCancel={() => {
            createLocation.reset();
            setAdding(false);
          }}
        />
      ) : null}

      {locations.isPending ? (
        <p role="status" className="text-slate-700">
          Loading locations…
        </p>
      ) : locations.isLoadingError ? (
        <Banner tone="error">{locationMessages.loadFailed}</Banner>
      ) : locations.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          No locations yet.
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {locations.data.map((location) => (
            <LocationCard key={location.id} location={location} />
          ))}
        </ul>
      )}
    </div>
  );
}

function LocationCard({ location }: { location: LocationDto }) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const updateLocation = useUpdateLocation();
  const makeMain = useMakeMainLocation();
  const deleteLocation = useDeleteLocation();
  const headingId = useId();
  const mainNoteId = useId();

  if (editing) {
    return (
      <li>
        <LocationForm
          title={`Edit ${location.name}`}
          location={location}
          submitLabel="Save"
          autoFocus
          pending={updateLocation.isPending}
          failure={updateLocation.isError ? locationMessages.updateFailed : undefined}
          onSubmit={async (input) => {
            await updateLocation.mutateAsync({ id: location.id, input });
            setEditing(false);
          }}
          onCancel={() => {
            updateLocation.reset();
            setEditing(false);
          }}
        />
      </li>
    );
  }

  const onMakeMain = () =>
    makeMain.mutate(location.id, {
      onError: () => toast.error(locationMessages.makeMainFailed),
    });

  const onDelete = () =>
    deleteLocation.mutate(location.id, {
      onSuccess: () => setConfirmingDelete(false),
      onError: (error) => {
        setConfirmingDelete(false);
        toast.error(
          error instanceof ApiError && error.status === 409 && error.message
            ? error.message
            : locationMessages.deleteFailed,
        );
      },
    });

  const cityLine = [location.city, [location.state, location.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  return (
    <li
      aria-labelledby={headingId}
      className={`flex min-w-0 flex-col rounded-lg border bg-white p-5 shadow-sm ${
        location.isMainLocation ? 'border-brand-600' : 'border-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-lg font-bold text-ink [overflow-wrap:anywhere]">
          {location.name}
        </h2>
        {location.isMainLocation ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
            <Star className="h-3.5 w-3.5" aria-hidden="true" />
            Main Location
          </span>
        ) : null}
      </div>
      <p className="mt-2 flex gap-2 text-slate-800">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
        <span>
          {location.address}
          {cityLine ? (
            <>
              <br />
              {cityLine}
            </>
          ) : null}
        </span>
      </p>
      <dl className="mt-3 grid gap-y-1 text-sm">
        <Detail term="Phone" value={location.phone} />
        <Detail term="Email" value={location.email} />
        <Detail term="Point of Contact" value={location.pointOfContact} />
        <Detail term="Dental Software" value={location.dentalSoftware || 'Not provided'} />
        <Detail term="Operatories" value={String(location.operatoryCount)} />
      </dl>

      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-sm"
          onClick={() => {
            updateLocation.reset();
            setEditing(true);
          }}
          aria-label={`Edit ${location.name}`}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </Button>
        {location.isMainLocation ? null : (
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            onClick={onMakeMain}
            disabled={makeMain.isPending}
            aria-label={`Make ${location.name} the main location`}
          >
            <Star className="h-4 w-4" aria-hidden="true" />
            {makeMain.isPending ? 'Updating...' : 'Make Main'}
          </Button>
        )}
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-sm text-red-800"
          onClick={() => setConfirmingDelete(true)}
          disabled={location.isMainLocation || deleteLocation.isPending}
          aria-describedby={location.isMainLocation ? mainNoteId : undefined}
          aria-label={`Delete ${location.name}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
      {location.isMainLocation ? (
        <p id={mainNoteId} className="mt-2 flex items-center gap-1 text-sm text-slate-700">
          <Info className="h-4 w-4 shrink-0" aria-hidden="true" />
          {locationMessages.cannotDeleteMain}
        </p>
      ) : null}

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={`Delete ${location.name}?`}
        description={locationMessages.confirmDelete}
        confirmLabel={deleteLocation.isPending ? 'Deleting...' : 'Delete'}
        pending={deleteLocation.isPending}
        onConfirm={onDelete}
      />
    </li>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="font-medium text-slate-700">{term}:</dt>
      <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
