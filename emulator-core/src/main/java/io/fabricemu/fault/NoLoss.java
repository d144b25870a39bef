package io.fabricemu.fault;

/** The link loses nothing (again). */
public record NoLoss() implements LossModel {
}
