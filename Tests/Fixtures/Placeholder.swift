import CTurboJPEG
