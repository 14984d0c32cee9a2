// Choosing a profile photo (spec §5): a JPG or PNG of at most 3 MB, cropped to a square in a cropper, then sent.
// The type and size are checked here for a quick answer and again by the server, which judges the content.
import { AVATAR_MAX_BYTES } from '@atende/contract';
import { Button, FileButton, Group, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { FormModal } from '../../components/FormModal.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { cropToBlob } from './crop-image.ts';
import { useUploadAvatar } from './profile-api.ts';

const ACCEPT = 'image/png,image/jpeg';

interface AvatarCropModalProps {
  opened: boolean;
  onClose: () => void;
}

export function AvatarCropModal({ opened, onClose }: AvatarCropModalProps) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The picked file's object URL lives as long as it is shown.
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const close = () => {
    setSource(null);
    setError(null);
    setZoom(1);
    onClose();
  };

  const pick = (file: File | null) => {
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) return setError(t('profile.photoUnsupported'));
    if (file.size > AVATAR_MAX_BYTES) return setError(t('profile.photoTooLarge'));
    setError(null);
    setSource(URL.createObjectURL(file));
  };

  const save = async () => {
    if (!source || !area) return;
    const blob = await cropToBlob(source, area);
    upload.mutate(blob, {
      onSuccess: () => {
        notifySuccess(t('profile.photoSaved'));
        close();
      },
    });
  };

  return (
    <FormModal opened={opened} onClose={close} title={t('profile.photoTitle')} centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('profile.photoHint')}
        </Text>
        <FileButton onChange={pick} accept={ACCEPT}>
          {(props) => (
            <Button variant="light" {...props} data-testid="avatar-pick">
              {t('profile.photoChoose')}
            </Button>
          )}
        </FileButton>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {source && (
          <>
            <div style={{ position: 'relative', height: 320, background: 'var(--mantine-color-dark-7)' }}>
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            </div>
            <Slider
              aria-label={t('profile.photoZoom')}
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              label={null}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!source || !area} loading={upload.isPending}>
            {t('profile.photoSave')}
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}
